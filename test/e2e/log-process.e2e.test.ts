import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { eventually } from "../harness/gateway.ts";

const ROOT = new URL("../..", import.meta.url).pathname;

interface Run {
  code: number | null;
  stdout: string;
}

/** `npm start` / `npm run dataplane` as an operator runs them: `node --import tsx <main>` with this environment. */
function start(main: string, env: Record<string, string>, until?: (stdout: string) => boolean): Promise<Run> {
  const child = spawn(process.execPath, ["--import", "tsx", main], { cwd: ROOT, env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", PORT: "0", SVC_STATUS_FEEDS: "off", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stopping = false;
  child.stdout.setEncoding("utf8").on("data", (t: string) => {
    stdout += t;
    // once: a second SIGTERM would find no handler and kill the process mid-stop
    if (!stopping && until?.(stdout)) {
      stopping = true;
      child.kill("SIGTERM");
    }
  });
  child.stderr.resume();
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, stdout })));
}

const jsonLines = (text: string) => text.split("\n").filter((l) => l.startsWith("{")).map((l) => JSON.parse(l) as Record<string, unknown>);

/** The process side of issue 7: what an operator sees on stdout and in LOG_FILE when a gateway starts, stops or cannot start. */
describe("a gateway process's log", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), "svc-log-process-"));
    dirs.push(d);
    return d;
  };
  afterAll(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it("explains a failed start in one fatal JSON line on stdout, and exits 1", async () => {
    const run = await start("dataplane/src/main.ts", { SVC_DATA_DIR: dataDir() });
    expect(run.code).toBe(1);
    expect(jsonLines(run.stdout)).toEqual([
      expect.objectContaining({ level: "fatal", service: "dataplane", msg: "data plane failed to start", err: expect.objectContaining({ message: expect.stringContaining("NATS_URL is required") }) }),
    ]);
  });

  it("still explains itself in JSON when the logging configuration is what is wrong", async () => {
    const run = await start("dataplane/src/embedded-main.ts", { SVC_DATA_DIR: dataDir(), LOG_LEVEL: "loud" });
    expect(run.code).toBe(1);
    expect(jsonLines(run.stdout)).toEqual([expect.objectContaining({ level: "fatal", err: expect.objectContaining({ message: expect.stringContaining("LOG_LEVEL must be one of") }) })]);
  });

  it("shows a generated management key once on stdout, as plain text, and never writes it into LOG_FILE", async () => {
    const dir = dataDir();
    const logFile = join(dir, "logs", "gateway.log");
    const run = await start("dataplane/src/embedded-main.ts", { SVC_DATA_DIR: dir, LOG_FILE: logFile }, (out) => out.includes("management key"));
    expect(run.code).toBe(0);
    const shown = /^management key \(shown only now, keep it\): (svc_mgmt_[A-Za-z0-9]{40})$/m.exec(run.stdout)?.[1];
    expect(shown).toBeDefined();
    expect(jsonLines(run.stdout)).toEqual([]);
    await eventually(async () => expect(existsSync(logFile)).toBe(true));
    const log = readFileSync(logFile, "utf8");
    expect(log).not.toContain(shown!);
    const msgs = jsonLines(log).map((l) => `${String(l.service)}: ${String(l.msg)}`);
    expect(msgs).toEqual(
      expect.arrayContaining([
        "controlplane: database ready",
        "controlplane: created organization",
        "controlplane: control plane started",
        expect.stringMatching(/^dataplane: gateway listening on http:\/\/127\.0\.0\.1:\d+ \(OpenAI base URL/),
        "dataplane: data plane stopped",
        "controlplane: control plane stopped",
      ]),
    );
  });
});
