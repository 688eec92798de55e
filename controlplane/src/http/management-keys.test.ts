import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as keysRepo from "../db/repositories/keys.ts";
import { createOrganization } from "../services/orgs.ts";
import { applyUsageEvent } from "../services/usage.ts";
import { TEST_SECRET, bodyOf, field, openTestDatabase, request, resolveTestModel, usageEvent } from "../test-support.ts";
import type { TestDatabase } from "../test-support.ts";
import { createControlHandler } from "./handler.ts";
import type { ControlHandler } from "./types.ts";

let t: TestDatabase;
let handle: ControlHandler;
let mgmt: string;
let orgId: string;
const changed: string[] = [];
const NOW = new Date("2026-11-20T10:00:00Z");

beforeAll(async () => {
  t = await openTestDatabase();
  handle = createControlHandler({
    db: t.db,
    keyHashSecret: TEST_SECRET,
    resolveModel: resolveTestModel,
    onChange: { keyChanged: (id) => changed.push(id), orgChanged: () => undefined },
    now: () => NOW,
  });
  const created = await createOrganization(t.db, TEST_SECRET, { name: "Keys", creditMicros: 1_000_000 });
  mgmt = created.managementKey;
  orgId = created.org.id;
}, 60_000);
afterAll(async () => {
  await t.dispose();
});

async function createViaApi(body: unknown): Promise<{ id: string; key: string; body: unknown }> {
  const res = await handle(request("POST", "/v1/management/keys", { key: mgmt, body }));
  expect(res.status).toBe(201);
  const parsed = bodyOf(res);
  return { id: String(field(parsed, "id")), key: String(field(parsed, "key")), body: parsed };
}

describe("key lifecycle through the management API", () => {
  it("creates, lists, reads, patches and revokes; the plaintext is shown only at creation", async () => {
    const created = await createViaApi({ name: "ci", models: ["gpt-4o-mini", "openai/gpt-4o-mini", "anthropic/claude-sonnet-4"], limits: { monthly_budget_micros: 5_000_000 } });
    expect(created.body).toEqual({
      id: expect.stringMatching(/^key_/),
      key: expect.stringMatching(/^svc_[A-Za-z0-9]{40}$/),
      name: "ci",
      prefix: created.key.slice(0, 8),
      models: ["openai/gpt-4o-mini", "anthropic/claude-sonnet-4"],
      limits: { monthly_budget_micros: 5_000_000, total_budget_micros: null, requests_per_minute: null, tokens_per_minute: null },
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      revoked_at: null,
      spend_this_month_micros: 0,
      spend_total_micros: 0,
    });
    expect(created.key.startsWith("svc_mgmt_")).toBe(false);
    expect(changed).toContain(created.id);

    await applyUsageEvent(t.db, usageEvent({ orgId, keyId: created.id, costMicros: 321, createdAtMs: NOW.getTime() - 60_000 }));
    await applyUsageEvent(t.db, usageEvent({ orgId, keyId: created.id, costMicros: 5, createdAtMs: Date.UTC(2026, 9, 31) }));

    const list = await handle(request("GET", "/v1/management/keys", { key: mgmt }));
    expect(list.status).toBe(200);
    const listed = bodyOf(list);
    expect(field(listed, "object")).toBe("list");
    const data = field(listed, "data");
    expect(Array.isArray(data) && data.map((k: unknown) => field(k, "id"))).toEqual([created.id]);
    expect(list.body).not.toContain(created.key);
    expect(field(data, 0, "spend_this_month_micros")).toBe(321);
    expect(field(data, 0, "spend_total_micros")).toBe(326);

    const got = await handle(request("GET", `/v1/management/keys/${created.id}`, { key: mgmt }));
    expect(got.status).toBe(200);
    expect(got.body).not.toContain(created.key);
    expect(bodyOf(got)).toMatchObject({ id: created.id, name: "ci", spend_this_month_micros: 321 });

    const patched = await handle(
      request("PATCH", `/v1/management/keys/${created.id}`, { key: mgmt, body: { name: "ci-2", models: ["claude-sonnet-4"], limits: { requests_per_minute: 60, monthly_budget_micros: null } } }),
    );
    expect(patched.status).toBe(200);
    expect(bodyOf(patched)).toMatchObject({
      name: "ci-2",
      models: ["anthropic/claude-sonnet-4"],
      limits: { monthly_budget_micros: null, total_budget_micros: null, requests_per_minute: 60, tokens_per_minute: null },
    });
    const stored = await keysRepo.findKeyById(t.db, created.id);
    expect(stored?.models).toEqual(["anthropic/claude-sonnet-4"]);
    expect(stored?.limits).toEqual({ requests_per_minute: 60 });

    const opened = await handle(request("PATCH", `/v1/management/keys/${created.id}`, { key: mgmt, body: { models: null } }));
    expect(field(bodyOf(opened), "models")).toBeNull();
    expect(field(bodyOf(opened), "limits", "requests_per_minute")).toBe(60);

    changed.length = 0;
    const revoked = await handle(request("DELETE", `/v1/management/keys/${created.id}`, { key: mgmt }));
    expect(revoked.status).toBe(200);
    expect(field(bodyOf(revoked), "revoked_at")).toBe(NOW.toISOString());
    expect(changed).toEqual([created.id]);
    const again = await handle(request("DELETE", `/v1/management/keys/${created.id}`, { key: mgmt }));
    expect(again.status).toBe(200);
    expect(bodyOf(again)).toEqual(bodyOf(revoked));

    // a revoked key can no longer use the API that needs a live key, but can still revoke itself idempotently
    const self = await handle(request("DELETE", "/v1/key", { key: created.key }));
    expect(self.status).toBe(200);
    expect(bodyOf(self)).toEqual({ id: created.id, revoked: true });
  });

  it("lets an inference key revoke itself, idempotently", async () => {
    const created = await createViaApi({});
    changed.length = 0;
    for (let i = 0; i < 2; i++) {
      const res = await handle(request("DELETE", "/v1/key", { key: created.key }));
      expect(res.status).toBe(200);
      expect(bodyOf(res)).toEqual({ id: created.id, revoked: true });
    }
    expect(changed).toEqual([created.id]);
    expect((await keysRepo.findKeyById(t.db, created.id))?.revokedAt).toEqual(NOW);
  });

  it("creates an unrestricted, unlimited key from an empty body", async () => {
    const res = await handle(request("POST", "/v1/management/keys", { key: mgmt }));
    expect(res.status).toBe(201);
    expect(bodyOf(res)).toMatchObject({ name: "", models: null, limits: { monthly_budget_micros: null } });
  });

  it("hides management keys from the key list", async () => {
    const res = await handle(request("GET", "/v1/management/keys", { key: mgmt }));
    const data = field(bodyOf(res), "data");
    expect(Array.isArray(data) && data.every((k: unknown) => !String(field(k, "prefix")).startsWith("svc_mgmt_"))).toBe(true);
  });
});

describe("request validation", () => {
  it.each([
    ["unknown model", { models: ["gpt-4o-mini", "nope/model"] }, "model_not_found", "models[1]", "nope/model"],
    ["negative budget", { limits: { monthly_budget_micros: -1 } }, "invalid_request_error", "limits.monthly_budget_micros", "non-negative integer or null"],
    ["fractional rate", { limits: { requests_per_minute: 1.5 } }, "invalid_request_error", "limits.requests_per_minute", "non-negative integer"],
    ["unsafe integer", { limits: { total_budget_micros: 2 ** 60 } }, "invalid_request_error", "limits.total_budget_micros", "non-negative integer"],
    ["string limit", { limits: { tokens_per_minute: "100" } }, "invalid_request_error", "limits.tokens_per_minute", "non-negative integer"],
    ["unknown limit", { limits: { daily_budget: 5 } }, "invalid_request_error", "limits.daily_budget", "Unrecognized"],
    ["unknown field", { nmae: "typo" }, "invalid_request_error", "nmae", "Unrecognized"],
    ["models not an array", { models: "gpt-4o-mini" }, "invalid_request_error", "models", "array"],
    ["empty model", { models: [""] }, "invalid_request_error", "models[0]", "at least 1"],
    ["long name", { name: "x".repeat(201) }, "invalid_request_error", "name", "at most 200"],
    ["NUL in name", { name: "a\u0000b" }, "invalid_request_error", "name", "invalid format"],
    ["body not an object", [1, 2], "invalid_request_error", null, "JSON object"],
  ])("%s → 400", async (_label, body, code, param, messagePart) => {
    for (const [method, path] of [["POST", "/v1/management/keys"], ["PATCH", "/v1/management/keys/{id}"]] as const) {
      const target = path === "/v1/management/keys" ? path : `/v1/management/keys/${(await createViaApi({})).id}`;
      const res = await handle(request(method, target, { key: mgmt, body }));
      expect(res.status).toBe(400);
      const err = field(bodyOf(res), "error");
      expect(err).toMatchObject({ code, param, type: "invalid_request_error" });
      expect(String(field(err, "message"))).toContain(messagePart);
    }
  });

  it("accepts zero and null limits", async () => {
    const created = await createViaApi({ limits: { monthly_budget_micros: 0, total_budget_micros: null, requests_per_minute: 0 } });
    expect(field(created.body, "limits")).toEqual({ monthly_budget_micros: 0, total_budget_micros: null, requests_per_minute: 0, tokens_per_minute: null });
  });

  it.each([
    ["malformed JSON", new TextEncoder().encode("{ name: ")],
    ["invalid UTF-8", new Uint8Array([0x7b, 0xff, 0x7d])],
  ])("%s → 400 invalid_request_error", async (_label, body) => {
    const res = await handle({ ...request("POST", "/v1/management/keys", { key: mgmt }), body });
    expect(res.status).toBe(400);
    expect(field(bodyOf(res), "error")).toMatchObject({ code: "invalid_request_error", param: null });
    expect(String(field(bodyOf(res), "error", "message"))).toContain("could not parse the JSON body");
  });

  it("still answers 201 when a change listener throws after the commit", async () => {
    const errors: unknown[] = [];
    const flaky = createControlHandler({
      db: t.db,
      keyHashSecret: TEST_SECRET,
      resolveModel: resolveTestModel,
      onChange: {
        keyChanged: () => {
          throw new Error("bus down");
        },
        orgChanged: () => undefined,
      },
      onError: (e) => errors.push(e),
    });
    const res = await flaky(request("POST", "/v1/management/keys", { key: mgmt, body: {} }));
    expect(res.status).toBe(201);
    expect(errors).toHaveLength(1);
  });

  it("refuses a body over 64 KiB with 413", async () => {
    const res = await handle(request("POST", "/v1/management/keys", { key: mgmt, body: { name: "x".repeat(70_000) } }));
    expect(res.status).toBe(413);
    expect(field(bodyOf(res), "error", "code")).toBe("request_too_large");
  });

  it("does not echo a credential pasted as a model", async () => {
    const res = await handle(request("POST", "/v1/management/keys", { key: mgmt, body: { models: [mgmt] } }));
    expect(res.status).toBe(400);
    expect(res.body).not.toContain(mgmt);
  });

  it("hides internal failures behind a generic 500", async () => {
    const errors: unknown[] = [];
    const broken = createControlHandler({
      db: t.db,
      keyHashSecret: TEST_SECRET,
      resolveModel: () => {
        throw new Error("catalog exploded at /secret/path");
      },
      onChange: { keyChanged: () => undefined, orgChanged: () => undefined },
      onError: (e) => errors.push(e),
    });
    const res = await broken(request("POST", "/v1/management/keys", { key: mgmt, body: { models: ["x"] } }));
    expect(res.status).toBe(500);
    expect(field(bodyOf(res), "error", "code")).toBe("internal_error");
    expect(res.body).not.toContain("exploded");
    expect(errors).toHaveLength(1);
  });
});
