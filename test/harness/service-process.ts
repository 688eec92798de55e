import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

const ROOT = new URL("../..", import.meta.url).pathname;
const LOG_LINES = 200;

/**
 * One of the gateway's processes as `npm run <script>` starts it, restartable with the same environment (same
 * port, same SVC_DATA_DIR), so a test can kill -9 it and bring it back as an orchestrator would.
 */
export interface ServiceProcess {
  readonly name: string;
  readonly pid: number | undefined;
  readonly running: boolean;
  start(): void;
  /** Sends the signal and waits for the exit. */
  kill(signal?: NodeJS.Signals): Promise<void>;
  /** The last lines it printed, for failure messages. */
  log(): string;
}

// The script's own command (`tsx <file>`), run as `node --import tsx <file>` so that a signal reaches the
// gateway's process itself rather than npm's.
function scriptFile(script: string): string {
  const scripts = (JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8")) as { scripts: Record<string, string> }).scripts;
  const file = /^tsx (\S+)$/.exec(scripts[script] ?? "")?.[1];
  if (!file) throw new Error(`npm run ${script} is not "tsx <file>" any more; update test/harness/service-process.ts`);
  return file;
}

export function serviceProcess(name: string, script: "controlplane" | "dataplane", env: Record<string, string>): ServiceProcess {
  const file = scriptFile(script);
  const lines: string[] = [];
  let child: ChildProcess | undefined;
  const keep = (d: Buffer) => {
    for (const l of d.toString().split("\n")) if (l) lines.push(`${name}: ${l}`);
    if (lines.length > LOG_LINES) lines.splice(0, lines.length - LOG_LINES);
  };
  const alive = (c: ChildProcess | undefined): c is ChildProcess => c !== undefined && c.exitCode === null && c.signalCode === null;
  return {
    name,
    get pid() {
      return child?.pid;
    },
    get running() {
      return alive(child);
    },
    start() {
      if (alive(child)) throw new Error(`${name} is already running`);
      const c = spawn(process.execPath, ["--import", "tsx", file], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
      c.stdout!.on("data", keep);
      c.stderr!.on("data", keep);
      c.once("exit", (code, signal) => lines.push(`${name}: exited (${signal ?? code})`));
      child = c;
    },
    async kill(signal = "SIGKILL") {
      const c = child;
      if (!alive(c)) return;
      const exited = new Promise((r) => c.once("exit", r));
      c.kill(signal);
      await exited;
    },
    log: () => lines.join("\n"),
  };
}
