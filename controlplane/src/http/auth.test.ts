import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOrganization } from "../services/orgs.ts";
import { createKey, revokeKeyById } from "../services/keys.ts";
import { TEST_SECRET, bodyOf, field, openTestDatabase, request, resolveTestModel } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { createControlHandler } from "./handler.ts";
import type { ControlHandler } from "./types.ts";

let t: TestDatabase;
let handle: ControlHandler;
const keys = { mgmt: "", inference: "", revokedMgmt: "", otherOrgKeyId: "", ownKeyId: "" };

beforeAll(async () => {
  t = await openTestDatabase();
  handle = createControlHandler({
    db: t.db,
    keyHashSecret: TEST_SECRET,
    resolveModel: resolveTestModel,
    onChange: { keyChanged: () => undefined, orgChanged: () => undefined },
  });
  const a = await createOrganization(t.db, TEST_SECRET, { name: "A", creditMicros: 0 });
  const b = await createOrganization(t.db, TEST_SECRET, { name: "B", creditMicros: 0 });
  const c = await createOrganization(t.db, TEST_SECRET, { name: "C", creditMicros: 0 });
  await revokeKeyById(t.db, c.managementKeyId);
  keys.mgmt = a.managementKey;
  keys.revokedMgmt = c.managementKey;
  keys.inference = (await createKey(t.db, TEST_SECRET, a.org.id, {}, resolveTestModel)).plaintext;
  keys.ownKeyId = (await createKey(t.db, TEST_SECRET, a.org.id, {}, resolveTestModel)).key.id;
  keys.otherOrgKeyId = (await createKey(t.db, TEST_SECRET, b.org.id, {}, resolveTestModel)).key.id;
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

type Credential = "none" | "garbage" | "mgmt" | "inference" | "revokedMgmt" | "basic";
function headersFor(c: Credential): Record<string, string> {
  switch (c) {
    case "none":
      return {};
    case "garbage":
      return { authorization: "Bearer svc_mgmt_not_a_real_key_000000" };
    case "basic":
      return { authorization: `Basic ${Buffer.from(`x:${keys.mgmt}`).toString("base64")}` };
    default:
      return { authorization: `Bearer ${keys[c]}` };
  }
}

const MANAGEMENT_ROUTES: [string, string][] = [
  ["POST", "/v1/management/keys"],
  ["GET", "/v1/management/keys"],
  ["GET", "/v1/management/keys/{own}"],
  ["PATCH", "/v1/management/keys/{own}"],
  ["DELETE", "/v1/management/keys/{own}"],
];

describe("management routes refuse anything but a live management key", () => {
  const cases: [Credential, number, string][] = [
    ["none", 401, "invalid_api_key"],
    ["garbage", 401, "invalid_api_key"],
    ["basic", 401, "invalid_api_key"],
    ["revokedMgmt", 401, "invalid_api_key"],
    ["inference", 403, "management_key_required"],
  ];
  const table = MANAGEMENT_ROUTES.flatMap(([method, path]) => cases.map(([cred, status, code]) => ({ method, path, cred, status, code })));

  it.each(table)("$method $path with $cred → $status $code", async ({ method, path, cred, status, code }) => {
    const res = await handle(request(method, path.replace("{own}", keys.ownKeyId), { headers: headersFor(cred), body: {} }));
    expect(res.status).toBe(status);
    expect(res.headers["content-type"]).toBe("application/json");
    const body = bodyOf(res);
    expect(field(body, "error", "code")).toBe(code);
    expect(field(body, "error", "type")).toBe(status === 401 ? "authentication_error" : "permission_error");
    expect(res.body).not.toContain(keys.inference);
    expect(res.body).not.toContain(keys.mgmt);
    expect(res.body).not.toContain("svc_mgmt_not_a_real");
  });
});

describe("another organization's key is not found", () => {
  it.each([["GET"], ["PATCH"], ["DELETE"]])("%s → 404 key_not_found", async (method) => {
    const res = await handle(request(method, `/v1/management/keys/${keys.otherOrgKeyId}`, { key: keys.mgmt, body: { name: "x" } }));
    expect(res.status).toBe(404);
    expect(field(bodyOf(res), "error", "code")).toBe("key_not_found");
  });
});

describe("DELETE /v1/key", () => {
  it.each([
    ["none", 401, "invalid_api_key"],
    ["garbage", 401, "invalid_api_key"],
    ["mgmt", 403, "inference_key_required"],
  ] as const)("with %s → %i %s", async (cred, status, code) => {
    const res = await handle(request("DELETE", "/v1/key", { headers: headersFor(cred) }));
    expect(res.status).toBe(status);
    expect(field(bodyOf(res), "error", "code")).toBe(code);
  });
});

describe("routing", () => {
  it.each([
    ["GET", "/v1/management/nope", 404, "not_found"],
    ["GET", "/v1/management/keys/a/b", 404, "not_found"],
    ["PUT", "/v1/management/keys", 405, "method_not_allowed"],
    ["POST", "/v1/management/keys/key_x", 405, "method_not_allowed"],
    ["GET", "/v1/key", 405, "method_not_allowed"],
  ])("%s %s → %i before any authentication", async (method, path, status, code) => {
    const res = await handle(request(method, path));
    expect(res.status).toBe(status);
    expect(field(bodyOf(res), "error", "code")).toBe(code);
  });

  it("names the allowed methods on 405", async () => {
    expect((await handle(request("PUT", "/v1/management/keys"))).headers["allow"]).toBe("POST, GET");
    expect((await handle(request("POST", "/v1/management/keys/key_x/"))).headers["allow"]).toBe("GET, PATCH, DELETE");
  });

  it("never echoes a credential placed in the path", async () => {
    const res = await handle(request("GET", `/v1/management/${keys.mgmt}`));
    expect(res.status).toBe(404);
    expect(res.body).not.toContain(keys.mgmt);
  });
});
