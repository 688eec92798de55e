// Starts the embedded gateway (npm start) as the gateway under test and mints the inference key the load uses.
import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { spawnChild, tsx, waitForHttp, type Child } from "./children.ts";

export interface Gateway {
  child: Child;
  origin: string;
  mgmtKey: string;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function tail(file: string, bytes = 8000): string {
  try {
    return readFileSync(file, "utf8").slice(-bytes);
  } catch {
    return "(no output)";
  }
}

export async function startGateway(opts: { root: string; workDir: string; openaiBaseUrl: string }): Promise<Gateway> {
  const port = await freePort();
  const mgmtKey = `svc_mgmt_bench_${randomBytes(16).toString("hex")}`;
  const dataDir = path.join(opts.workDir, "data");
  mkdirSync(dataDir);
  // Output goes to a file, not a pipe: the runner must not spend CPU draining per-request logs.
  const logFile = path.join(opts.workDir, "gateway.log");
  const log = openSync(logFile, "w");
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    SVC_DATA_DIR: dataDir,
    SVC_BOOTSTRAP_MGMT_KEY: mgmtKey,
    SVC_BOOTSTRAP_CREDIT: "1000000",
    SVC_STATUS_FEEDS: "off",
    OPENAI_API_KEY: "sk-bench",
    OPENAI_BASE_URL: opts.openaiBaseUrl,
  };
  const child = spawnChild("gateway", tsx("dataplane/src/embedded-main.ts"), { core: 0, cwd: opts.root, env, stdio: ["ignore", log, log] });
  closeSync(log);
  const origin = `http://127.0.0.1:${port}`;
  await waitForHttp(child, `${origin}/health`, 60_000, () => `--- gateway output (${logFile}) ---\n${tail(logFile)}`);
  return { child, origin, mgmtKey };
}

export async function mintInferenceKey(gateway: Gateway): Promise<string> {
  const res = await fetch(`${gateway.origin}/v1/management/keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${gateway.mgmtKey}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "bench" }),
  });
  const body = await res.text();
  const key: unknown = res.ok ? (JSON.parse(body) as { key?: unknown }).key : undefined;
  if (typeof key !== "string") throw new Error(`minting an inference key failed: ${res.status} ${body}`);
  return key;
}
