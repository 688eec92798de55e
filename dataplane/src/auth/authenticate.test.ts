import { describe, expect, it } from "vitest";
import { hashKey } from "../../../proto/key-hash.ts";
import { GatewayError } from "../errors.ts";
import { authenticateInference, bearerToken } from "./authenticate.ts";
import { KeyHashes } from "./key-hashes.ts";
import { SnapshotStore } from "./snapshot-store.ts";

const SECRET = "test-secret-0123456789";
const LIVE = "svc_live0000000000000000000000000000000000000";
const REVOKED = "svc_gone0000000000000000000000000000000000000";
const MGMT = "svc_mgmt_boss000000000000000000000000000000000";

const store = new SnapshotStore();
store.applyFull(
  {
    epoch: "e",
    sequence: 1,
    orgs: [{ id: "org_1", balanceMicros: 5 }],
    keys: [
      { id: "key_live", hash: hashKey(SECRET, LIVE), orgId: "org_1", kind: "inference", allModels: true },
      { id: "key_gone", hash: hashKey(SECRET, REVOKED), orgId: "org_1", kind: "inference", allModels: true, revoked: true },
      { id: "key_mgmt", hash: hashKey(SECRET, MGMT), orgId: "org_1", kind: "management", allModels: true },
    ],
  },
  Date.now(),
);

const hashes = new KeyHashes(SECRET);

function outcome(header: string, s = store): string {
  try {
    return authenticateInference(header, s, hashes).id ?? "";
  } catch (e) {
    if (e instanceof GatewayError) return `${e.status} ${e.code}`;
    throw e;
  }
}

describe("authenticating an inference request", () => {
  it.each([
    ["live key", `Bearer ${LIVE}`, "key_live"],
    ["scheme is case-insensitive", `bearer ${LIVE}`, "key_live"],
    ["no header", "", "401 missing_api_key"],
    ["not bearer", `Basic ${LIVE}`, "401 missing_api_key"],
    ["unknown key", "Bearer svc_nope", "401 invalid_api_key"],
    ["revoked key looks like an unknown one", `Bearer ${REVOKED}`, "401 invalid_api_key"],
    ["management key refused", `Bearer ${MGMT}`, "403 inference_key_required"],
  ])("%s → %s", (_, header, expected) => {
    expect(outcome(header)).toBe(expected);
  });

  it("answers 503 until the first snapshot has loaded", () => {
    expect(outcome(`Bearer ${LIVE}`, new SnapshotStore())).toBe("503 gateway_starting");
  });

  it("never puts the presented key in the error", () => {
    try {
      authenticateInference(`Bearer svc_secretvalue123`, store, hashes);
    } catch (e) {
      expect((e as GatewayError).toOpenAI()).not.toContain("svc_secretvalue123");
    }
  });

  it("a delta revoking a key takes effect at once", () => {
    const s = new SnapshotStore();
    s.applyFull({ epoch: "e", sequence: 1, keys: [{ id: "k", hash: hashKey(SECRET, LIVE), orgId: "o", kind: "inference" }] }, 0);
    expect(outcome(`Bearer ${LIVE}`, s)).toBe("k");
    s.applyDelta({ epoch: "e", sequence: 2, keys: [{ id: "k", hash: hashKey(SECRET, LIVE), orgId: "o", kind: "inference", revoked: true }] });
    expect(outcome(`Bearer ${LIVE}`, s)).toBe("401 invalid_api_key");
  });

  it.each([
    ["Bearer abc", "abc"],
    ["  Bearer   abc  ", "abc"],
    ["Bearer", undefined],
    ["Bearer a b", undefined],
    ["bearer abc", "abc"],
    ["Bearer\tabc", "abc"],
    ["Bearer  abc", "abc"],
    ["Bearer abc ", "abc"],
    ["Bearer abc\n", "abc"],
    ["Bearer abc\u00a0", "abc"],
    ["Bearer ab\u00e9c", "ab\u00e9c"],
    ["Bearer ab\u00a0c", undefined],
    ["Bearer ", undefined],
    ["Basic abc", undefined],
    ["xBearer abc", undefined],
  ])("bearerToken(%j) → %j", (h, t) => expect(bearerToken(h)).toBe(t));
});
