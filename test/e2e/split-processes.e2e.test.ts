import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subjects } from "../../proto/subjects.ts";
import { deleteUsageStream } from "../../proto/transport-nats.ts";
import { freshDatabase } from "../harness/database.ts";
import { createKey, eventually, randomManagementKey, splitProcessEnv } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";
import { freePort } from "../harness/ports.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;

/** The README's split-mode commands, as separate processes: `npm run controlplane` and two `npm run dataplane`. */
describe.skipIf(!process.env.NATS_URL || !process.env.DATABASE_URL)("split mode as separate processes (npm run controlplane / dataplane)", () => {
  const children: ChildProcess[] = [];
  const logs: string[] = [];
  let mock: MockUpstream;
  let db: Awaited<ReturnType<typeof freshDatabase>>;
  let prefix: string;
  const mgmt = randomManagementKey();
  const dpPorts: number[] = [];

  // The script's own command (`tsx <file>`), run as `node --import tsx <file>` so that the signal reaches the
  // gateway's process itself rather than npm's.
  const scripts = (JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")) as { scripts: Record<string, string> }).scripts;
  const run = (script: string, env: Record<string, string>) => {
    const file = /^tsx (\S+)$/.exec(scripts[script] ?? "")?.[1];
    if (!file) throw new Error(`npm run ${script} is not "tsx <file>" any more; update this test`);
    const child = spawn(process.execPath, ["--import", "tsx", file], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout!.on("data", (d: Buffer) => logs.push(`${script}: ${d}`));
    child.stderr!.on("data", (d: Buffer) => logs.push(`${script}: ${d}`));
    children.push(child);
  };

  beforeAll(async () => {
    mock = await startMockUpstream();
    db = await freshDatabase();
    prefix = `p${randomBytes(6).toString("hex")}`;
    const cpPort = await freePort();
    const common = {
      ...splitProcessEnv({ databaseUrl: db.databaseUrl!, natsPrefix: prefix, controlPlanePort: cpPort }),
      OPENAI_API_KEY: "sk-upstream-test-credential",
      OPENAI_BASE_URL: mock.openaiBaseUrl,
      SVC_STATUS_FEEDS: "off",
    };
    run("controlplane", { ...common, SVC_BOOTSTRAP_MGMT_KEY: mgmt, SVC_BOOTSTRAP_CREDIT: "3" });
    for (let i = 0; i < 2; i++) {
      const port = await freePort();
      dpPorts.push(port);
      run("dataplane", { ...common, PORT: String(port) });
    }
    for (const port of dpPorts) {
      await eventually(async () => expect((await fetch(`http://127.0.0.1:${port}/v1/models`, { headers: { authorization: `Bearer ${mgmt}` } })).status).toBe(403), 45_000, 250).catch((err: unknown) => {
        throw new Error(`data plane on ${port} did not come up: ${String(err)}\n${logs.join("")}`);
      });
    }
  }, 90_000);

  afterAll(async () => {
    for (const c of children) if (!exited(c)) c.kill("SIGKILL");
    await Promise.all(children.map((c) => new Promise((r) => (exited(c) ? r(null) : c.once("exit", r)))));
    await mock?.close();
    await deleteUsageStream(process.env.NATS_URL!, subjects(prefix));
    await db?.cleanup();
  }, 30_000);

  it("a key minted through one replica chats on the other, and both show the spend", async () => {
    const [a, b] = dpPorts.map((p) => `http://127.0.0.1:${p}`) as [string, string];
    const { key } = await createKey(a, mgmt, { name: "proc" });
    await eventually(async () => expect((await fetch(`${b}/v1/key`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200), 2_000);
    const client = new OpenAI({ baseURL: `${b}/v1`, apiKey: key, maxRetries: 0 });
    const res = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "capital of France?" }] });
    expect(res.choices[0]?.message.content).toBe("The capital of France is Paris.");
    for (const base of [a, b]) {
      await eventually(async () => {
        const credits = (await (await fetch(`${base}/v1/credits`, { headers: { authorization: `Bearer ${key}` } })).json()) as { available_micros: number };
        expect(credits.available_micros).toBe(3_000_000 - 105);
      });
    }
  });

  it("SIGTERM lets a stream in flight finish, then every process exits 0", async () => {
    mock.setStreamShape({ chunks: 40, delayMs: 25 });
    const { key } = await createKey(`http://127.0.0.1:${dpPorts[0]}`, mgmt, { name: "late" });
    const res = await fetch(`http://127.0.0.1:${dpPorts[0]}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", stream: true, messages: [{ role: "user", content: "count" }] }),
    });
    const reader = res.body!.getReader();
    let text = new TextDecoder().decode((await reader.read()).value);
    for (const c of children) c.kill("SIGTERM");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
    const codes = await Promise.all(children.map((c) => new Promise<number | null>((r) => (exited(c) ? r(c.exitCode) : c.once("exit", (code) => r(code))))));
    expect(codes).toEqual([0, 0, 0]);
  });
});
