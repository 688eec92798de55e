import { describe, expect, it } from "vitest";
import { useEmbeddedGateway } from "../harness/gateway.ts";

/** Short here so the test can see a quarantine end; 30 s by default. */
const QUARANTINE_MS = 400;

const INVALID_KEY = { error: { message: "Incorrect API key provided: sk-good***-one.", type: "invalid_request_error", param: null, code: "invalid_api_key" } };

/** The credential pool as a user sees it: failover is invisible, a provider with no usable credential disappears. */
describe("provider credential pool", () => {
  const g = useEmbeddedGateway({ env: { OPENAI_API_KEY: "sk-good-one,sk-good-two", SVC_CREDENTIAL_QUARANTINE_MS: String(QUARANTINE_MS) } });

  const ask = () => g.client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "hi" }] });
  const usedCredentials = () => g.mock.requests.map((r) => r.headers.authorization);

  it("a 5xx from the provider is retried on the other credential, invisibly", async () => {
    g.mock.reset();
    g.mock.failNext(500, { error: { message: "boom" } });
    expect((await ask()).choices[0]?.message.content).toBe("The capital of France is Paris.");
    expect(new Set(usedCredentials()).size).toBe(2);
  });

  it("a refused credential is quarantined: the next calls use the other one", async () => {
    g.mock.reset();
    g.mock.failNext(401, INVALID_KEY);
    await ask();
    const refused = usedCredentials()[0];
    g.mock.reset();
    await ask();
    await ask();
    expect(usedCredentials().every((c) => c !== refused)).toBe(true);
  });

  it("with every credential refused, the provider's models leave the list, 404 on detail, 503 on use", async () => {
    g.mock.reset();
    g.mock.failNext(401, INVALID_KEY, { times: 2 });
    const err = await ask().catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, code: "upstream_auth_failed" });
    expect(JSON.stringify((err as { error: unknown }).error)).not.toContain("sk-good");
    const ids: string[] = [];
    for await (const m of g.client.models.list()) ids.push(m.id);
    expect(ids.some((id) => id.startsWith("openai/"))).toBe(false);
    await expect(g.client.models.retrieve("openai/gpt-4o")).rejects.toMatchObject({ status: 404 });
    await expect(ask()).rejects.toMatchObject({ status: 503, code: "no_usable_credential" });
  });

  it("once the quarantine is over, the next call re-checks a credential and the models come back", async () => {
    g.mock.reset();
    await new Promise((r) => setTimeout(r, 2 * QUARANTINE_MS + 50)); // the second refusal in a row doubled it
    const ids: string[] = [];
    for await (const m of g.client.models.list()) ids.push(m.id);
    expect(ids).toContain("openai/gpt-4o");
    expect((await ask()).choices[0]?.message.content).toBe("The capital of France is Paris.");
    expect((await g.client.models.retrieve("gpt-4o")).id).toBe("openai/gpt-4o");
  });
});
