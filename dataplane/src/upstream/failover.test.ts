import { describe, expect, it } from "vitest";
import { loadCatalog } from "../../../catalog/src/index.ts";
import { CredentialPool, QUARANTINE_MS } from "../providers/credentials.ts";
import type { UpstreamClient, UpstreamResponse } from "./client.ts";
import { sendWithFailover } from "./failover.ts";

const catalog = loadCatalog();

/** An upstream that answers each call with the next status of a script, recording which credential it saw. */
function scripted(statuses: number[]) {
  const seen: string[] = [];
  const upstream = {
    async send(req: { headers: Record<string, string> }): Promise<UpstreamResponse> {
      seen.push(req.headers.authorization ?? "");
      const status = statuses.shift() ?? 200;
      return { status, headers: {}, body: Object.assign((async function* () {})(), { text: async () => "{}", dump: async () => undefined }) };
    },
  } as unknown as UpstreamClient;
  return { upstream, seen };
}

function setup(keys: string, statuses: number[]) {
  let now = 1_000_000;
  const credentials = new CredentialPool(catalog, { OPENAI_API_KEY: keys }, () => now);
  const { upstream, seen } = scripted(statuses);
  const call = () =>
    sendWithFailover({ credentials, upstream }, "openai", (a) => ({ url: new URL(`${a.baseUrl}/x`), headers: { authorization: a.credential }, body: "" }), new AbortController().signal);
  return { credentials, seen, call, advance: (ms: number) => (now += ms) };
}

describe("failover across a provider's credentials", () => {
  it.each([
    ["a 500 is retried once on the other credential", "k1,k2", [500, 200], 200, ["k1", "k2"]],
    ["a 429 likewise", "k1,k2", [429, 200], 200, ["k1", "k2"]],
    ["a 401 likewise", "k1,k2", [401, 200], 200, ["k1", "k2"]],
    ["only once", "k1,k2,k3", [500, 500, 200], 500, ["k1", "k2"]],
    ["a client error is not retried", "k1,k2", [400], 400, ["k1"]],
    ["with one credential there is nothing to fail over to", "k1", [503], 503, ["k1"]],
  ])("%s", async (_, keys, statuses, finalStatus, seen) => {
    const s = setup(keys, statuses);
    expect((await s.call()).up.status).toBe(finalStatus);
    expect(s.seen).toEqual(seen);
  });

  it("quarantines a refused credential, leaves the provider without credential when all are, and re-checks later", async () => {
    const s = setup("k1,k2", [401, 403]);
    expect((await s.call()).up.status).toBe(403);
    expect(s.credentials.has("openai")).toBe(false);
    await expect(s.call()).rejects.toMatchObject({ code: "no_usable_credential" });
    s.advance(QUARANTINE_MS + 1);
    expect(s.credentials.has("openai")).toBe(true);
    expect((await s.call()).up.status).toBe(200);
  });

  it("a credential refused again stays out longer", () => {
    const s = setup("k1", []);
    s.credentials.quarantine("openai", "k1");
    s.advance(QUARANTINE_MS + 1);
    expect(s.credentials.has("openai")).toBe(true);
    s.credentials.quarantine("openai", "k1");
    s.advance(QUARANTINE_MS + 1);
    expect(s.credentials.has("openai")).toBe(false);
    s.advance(QUARANTINE_MS);
    expect(s.credentials.has("openai")).toBe(true);
  });
});
