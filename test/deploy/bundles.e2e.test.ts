import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "kysely";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadCatalog } from "../../catalog/src/index.ts";
import { ENTRIES, buildBundles } from "../../deploy/build.ts";
import { openDatabase } from "../../controlplane/src/db/connect.ts";
import { PGLITE_TEMPLATE_FILE } from "../../controlplane/src/db/pglite-template.ts";
import { subjects } from "../../proto/subjects.ts";
import { deleteUsageStream } from "../../proto/transport-nats.ts";
import { freshDatabase } from "../harness/database.ts";
import { createKey, eventually, randomManagementKey, splitProcessEnv } from "../harness/gateway.ts";
import { startMockUpstream, type MockUpstream } from "../harness/mock-upstream.ts";
import { freePort } from "../harness/ports.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

/** The image runs `node dist/<bundle>` (deploy/Dockerfile): these are those bundles, built here into a temp dir. */
let outDir: string;
let mock: MockUpstream;
const dirs: string[] = [];
const children: ChildProcess[] = [];
const logs: string[] = [];

const exited = (c: ChildProcess) => c.exitCode !== null || c.signalCode !== null;
const exitCode = (c: ChildProcess) => new Promise<number | null>((r) => (exited(c) ? r(c.exitCode) : c.once("exit", (code) => r(code))));

function run(bundle: string, env: Record<string, string>): ChildProcess {
  // a clean environment and another working directory: the bundle finds catalog/ from its own location
  const child = spawn(process.execPath, [join(outDir, bundle)], {
    cwd: tmpdir(),
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", SVC_STATUS_FEEDS: "off", OPENAI_API_KEY: "sk-upstream-test-credential", OPENAI_BASE_URL: mock.openaiBaseUrl, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (d: Buffer) => logs.push(`${bundle}: ${d}`));
  child.stderr!.on("data", (d: Buffer) => logs.push(`${bundle}: ${d}`));
  children.push(child);
  return child;
}

const dataDir = () => {
  const d = mkdtempSync(join(tmpdir(), "svc-bundle-data-"));
  dirs.push(d);
  return d;
};

async function up(base: string, mgmt: string): Promise<void> {
  // a management key is refused on /v1/models (403) once the data plane has loaded its snapshot
  await eventually(async () => expect((await fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${mgmt}` } })).status).toBe(403), 60_000, 250).catch((err: unknown) => {
    throw new Error(`${base} did not come up: ${String(err)}\n${logs.join("")}`);
  });
}

/** One chat call with the official client, its price on /v1/credits, and the catalog's models on /v1/models. */
async function chatsAndBills(base: string, key: string, openingMicros: number): Promise<void> {
  const client = new OpenAI({ baseURL: `${base}/v1`, apiKey: key, maxRetries: 0 });
  const { data, response } = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "capital of France?" }] }).withResponse();
  expect(data.choices[0]?.message.content).toBe("The capital of France is Paris.");
  const cost = Number(response.headers.get("x-svc-cost-micros"));
  expect(cost).toBe(105);
  await eventually(async () => {
    const credits = (await (await fetch(`${base}/v1/credits`, { headers: { authorization: `Bearer ${key}` } })).json()) as { available_micros: number };
    expect(credits.available_micros).toBe(openingMicros - cost);
  });
  // the catalog was read from catalog/ beside the bundle's project: the models of the provider with a credential
  const slugs = new Set(loadCatalog().models.map((m) => m.slug));
  const listed = (await client.models.list()).data.map((m) => m.id);
  expect(listed).toContain("openai/gpt-4o");
  expect(listed.filter((id) => !slugs.has(id))).toEqual([]);
}

/** Set by initdb and kept by a copy: directories unpacked from one template share it. */
async function pgliteSystemId(dataDir: string, pgliteTemplate?: string): Promise<string> {
  const database = await openDatabase({ dataDir, pgliteTemplate });
  try {
    return String((await sql<{ id: string }>`select system_identifier::text as id from pg_control_system()`.execute(database.db)).rows[0]?.id);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  // inside the project, as dist/ is in the image: the bundles import npm packages from node_modules above them
  mkdirSync(join(ROOT, "dist"), { recursive: true });
  outDir = mkdtempSync(join(ROOT, "dist", "test-"));
  dirs.push(outDir);
  const built = await buildBundles(outDir);
  expect(built.map((f) => f.slice(outDir.length + 1)).sort()).toEqual(Object.values(ENTRIES).sort());
  mock = await startMockUpstream();
}, 120_000);

afterAll(async () => {
  for (const c of children) if (!exited(c)) c.kill("SIGKILL");
  await Promise.all(children.map(exitCode));
  await mock?.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
}, 30_000);

describe("the image's bundles (npm run build)", () => {
  it("embedded: serves and bills a chat call from the official client, lists the catalog, stops on SIGTERM with 0", async () => {
    const mgmt = randomManagementKey();
    const port = await freePort();
    const data = dataDir();
    const child = run("embedded.mjs", { PORT: String(port), SVC_DATA_DIR: data, SVC_BOOTSTRAP_MGMT_KEY: mgmt, SVC_BOOTSTRAP_CREDIT: "3" });
    const base = `http://127.0.0.1:${port}`;
    await up(base, mgmt);
    const { key } = await createKey(base, mgmt, { name: "bundle" });
    await chatsAndBills(base, key, 3_000_000);
    child.kill("SIGTERM");
    expect(await exitCode(child)).toBe(0);
    // its empty data directory was unpacked from the template built beside the bundles, not initialised anew
    const template = join(outDir, PGLITE_TEMPLATE_FILE);
    expect(await pgliteSystemId(data)).toBe(await pgliteSystemId(dataDir(), template));
  }, 90_000);

  it("embedded: usage answered just before a SIGKILL is billed once the gateway is back on its data directory", async () => {
    const mgmt = randomManagementKey();
    const data = dataDir();
    const start = async () => {
      const port = await freePort();
      const child = run("embedded.mjs", { PORT: String(port), SVC_DATA_DIR: data, SVC_BOOTSTRAP_MGMT_KEY: mgmt, SVC_BOOTSTRAP_CREDIT: "3" });
      const base = `http://127.0.0.1:${port}`;
      await up(base, mgmt);
      return { child, base };
    };
    const first = await start();
    const { key } = await createKey(first.base, mgmt, { name: "killed" });
    const client = new OpenAI({ baseURL: `${first.base}/v1`, apiKey: key, maxRetries: 0 });
    let billed = 0;
    for (let i = 0; i < 5; i++) {
      const { response } = await client.chat.completions.create({ model: "gpt-4o", messages: [{ role: "user", content: "capital of France?" }] }).withResponse();
      billed += Number(response.headers.get("x-svc-cost-micros"));
    }
    expect(billed).toBe(5 * 105);
    // no drain, no clean stop: whatever the ledger had not committed is only in the spool
    first.child.kill("SIGKILL");
    await exitCode(first.child);
    const second = await start();
    await eventually(async () => {
      const credits = (await (await fetch(`${second.base}/v1/credits`, { headers: { authorization: `Bearer ${key}` } })).json()) as { available_micros: number };
      expect(credits.available_micros).toBe(3_000_000 - billed);
    }, 15_000, 100);
    second.child.kill("SIGTERM");
    expect(await exitCode(second.child)).toBe(0);
  }, 120_000);

  describe.skipIf(!process.env.NATS_URL || !process.env.DATABASE_URL)("split (Postgres and NATS)", () => {
    let db: Awaited<ReturnType<typeof freshDatabase>>;
    const prefix = `p${randomBytes(6).toString("hex")}`;
    afterAll(async () => {
      await deleteUsageStream(process.env.NATS_URL!, subjects(prefix));
      await db?.cleanup();
    });

    it("control plane and data plane bundles serve and bill a chat call, and both stop on SIGTERM with 0", async () => {
      db = await freshDatabase();
      const mgmt = randomManagementKey();
      const [cpPort, dpPort] = [await freePort(), await freePort()];
      const common = splitProcessEnv({ databaseUrl: db.databaseUrl!, natsPrefix: prefix, controlPlanePort: cpPort });
      const cp = run("controlplane.mjs", { ...common, SVC_DATA_DIR: dataDir(), SVC_BOOTSTRAP_MGMT_KEY: mgmt, SVC_BOOTSTRAP_CREDIT: "3" });
      const dp = run("dataplane.mjs", { ...common, PORT: String(dpPort), SVC_DATA_DIR: dataDir() });
      const base = `http://127.0.0.1:${dpPort}`;
      await up(base, mgmt);
      const { key } = await createKey(base, mgmt, { name: "bundle-split" });
      await eventually(async () => expect((await fetch(`${base}/v1/key`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(200), 3_000);
      await chatsAndBills(base, key, 3_000_000);
      dp.kill("SIGTERM");
      cp.kill("SIGTERM");
      expect([await exitCode(dp), await exitCode(cp)]).toEqual([0, 0]);
    }, 90_000);
  });
});
