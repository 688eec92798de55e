// Spawning, pinning, waiting for and stopping the benchmark's child processes.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from "node:child_process";
import { accessSync, closeSync, constants, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";

export interface Child {
  name: string;
  proc: ChildProcess;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

const live = new Set<Child>();
const hasTaskset = spawnSync("taskset", ["-c", "0", "true"], { stdio: "ignore" }).status === 0;

/** Whether children can be pinned to cores 0 (servers) and 1 (load); recorded in the results. */
export const pinning = hasTaskset && availableParallelism() >= 2;

/**
 * Whether wrk may run ahead of everything else on the load core (SCHED_RR, priority 1; root or CAP_SYS_NICE).
 * In split mode the control plane, Postgres and NATS share that core and work off the usage events in bursts of a
 * few milliseconds; at normal priority wrk waited behind them while the gateway's core, its requests answered, sat
 * idle (10-16 % of the time at c=32): the load, not the gateway, set the split rows' throughput. wrk waits in
 * epoll between reads, so it holds the core only while it has answers to read (load-wrk.ts kills one that overruns
 * its duration). Never a node process: at one real-time priority on one core, a thread waiting on another of its
 * threads can wait for ever (it did).
 */
export const realtimeLoad = pinning && process.env["BENCH_REALTIME_LOAD"] !== "0" && spawnSync("chrt", ["-r", "1", "true"], { stdio: "ignore" }).status === 0;

/** The load's priority, as the results' pinning line states it. */
export const loadPriority = realtimeLoad
  ? "wrk ahead of the rest of its core (chrt -r 1)"
  : `wrk at normal priority (${process.env["BENCH_REALTIME_LOAD"] === "0" ? "BENCH_REALTIME_LOAD=0" : "chrt -r not permitted"})`;

/** Whether an executable of that name is on PATH (nginx, wrk are optional system tools). */
export function onPath(command: string): boolean {
  return (process.env["PATH"] ?? "").split(path.delimiter).some((dir) => {
    try {
      accessSync(path.join(dir, command), constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * BENCH_NODE_ARGS, which reach every server the bench starts with node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
 * (node refuses --cpu-prof in NODE_OPTIONS).
 */
export function benchNodeArgs(): string[] {
  return (process.env["BENCH_NODE_ARGS"] ?? "").split(" ").filter(Boolean);
}

/** node with the tsx loader in-process: one process per child, unlike the tsx CLI's wrapper + child. */
export function tsx(file: string, args: string[] = []): [string, string[]] {
  return [process.execPath, [...benchNodeArgs(), "--import", "tsx", file, ...args]];
}

export function spawnChild(
  name: string,
  [cmd, args]: [string, string[]],
  opts: { core: number; env?: NodeJS.ProcessEnv; stdio?: StdioOptions; cwd: string },
): Child {
  const [file, argv] = pinning ? ["taskset", ["-c", String(opts.core), cmd, ...args]] : [cmd, args];
  // Own process group, so stopping a child also stops anything it spawned.
  const proc = spawn(file, argv, { cwd: opts.cwd, env: opts.env ?? process.env, stdio: opts.stdio ?? ["ignore", "pipe", "inherit"], detached: true });
  const child: Child = {
    name,
    proc,
    exited: new Promise((resolve) => {
      proc.once("exit", (code) => {
        live.delete(child);
        resolve(code);
      });
      proc.once("error", () => {
        live.delete(child);
        resolve(-1);
      });
    }),
  };
  live.add(child);
  return child;
}

/**
 * A server child whose output goes to a file, not a pipe: the runner must not spend CPU draining per-request
 * logs, and the file is what to show when the child fails.
 */
export function spawnLogged(name: string, command: [string, string[]], opts: { core: number; env?: NodeJS.ProcessEnv; cwd: string; logFile: string }): Child {
  const fd = openSync(opts.logFile, "a");
  try {
    return spawnChild(name, command, { core: opts.core, env: opts.env, cwd: opts.cwd, stdio: ["ignore", fd, fd] });
  } finally {
    closeSync(fd);
  }
}

/** The end of a log file, for error messages. */
export function tail(file: string, bytes = 6000): string {
  try {
    return readFileSync(file, "utf8").slice(-bytes);
  } catch {
    return "(no output)";
  }
}

/** Resolves with the first match of `pattern` in what the child writes to `from` (piped), standard output by default. */
export function waitForLine(child: Child, pattern: RegExp, timeoutMs: number, from: "stdout" | "stderr" = "stdout"): Promise<RegExpMatchArray> {
  const stream = child.proc[from];
  if (!stream) return Promise.reject(new Error(`${child.name}: ${from} is not piped`));
  return new Promise((resolve, reject) => {
    let seen = "";
    let found = false;
    const timer = setTimeout(() => reject(new Error(`${child.name}: no ${pattern} within ${timeoutMs} ms`)), timeoutMs);
    stream.setEncoding("utf8");
    // Keeps reading after the match so the child can never block on a full pipe.
    stream.on("data", (text: string) => {
      if (found) return;
      seen += text;
      const match = seen.match(pattern);
      if (match) {
        found = true;
        clearTimeout(timer);
        resolve(match);
      }
    });
    void child.exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${child.name} exited (${code}) before printing ${pattern}`));
    });
  });
}

/**
 * Polls until `url` answers 200 and resolves with the time it did (performance.now()); `describeDeath` supplies
 * what to print if the child dies first.
 */
export async function waitForHttp(
  child: Child,
  url: string,
  timeoutMs: number,
  describeDeath: () => string,
  opts: { headers?: Record<string, string>; method?: string; everyMs?: number } = {},
): Promise<number> {
  let dead = false;
  void child.exited.then(() => (dead = true));
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dead) throw new Error(`${child.name} exited before ${url} answered\n${describeDeath()}`);
    const ok = await fetch(url, { method: opts.method ?? "GET", headers: opts.headers, signal: AbortSignal.timeout(1000) }).then(
      async (r) => {
        await r.arrayBuffer();
        return r.ok;
      },
      () => false,
    );
    if (ok) return performance.now();
    await new Promise((resolve) => setTimeout(resolve, opts.everyMs ?? 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms\n${describeDeath()}`);
}

/** Collects stdout of a child that is expected to run to completion with exit code 0. */
export async function outputOf(child: Child): Promise<string> {
  let out = "";
  child.proc.stdout?.setEncoding("utf8").on("data", (text: string) => (out += text));
  const code = await child.exited;
  if (code !== 0) throw new Error(`${child.name} exited with ${code}`);
  return out;
}

function signalGroup(child: Child, signal: NodeJS.Signals): void {
  try {
    if (child.proc.pid !== undefined) process.kill(-child.proc.pid, signal);
  } catch {
    // Already gone.
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the child has exited. */
export async function stopChild(child: Child, graceMs = 3000): Promise<void> {
  signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => signalGroup(child, "SIGKILL"), graceMs);
  await child.exited;
  clearTimeout(timer);
}

export async function stopAll(graceMs = 3000): Promise<void> {
  const children = [...live];
  for (const child of children) signalGroup(child, "SIGTERM");
  const timer = setTimeout(() => children.forEach((c) => signalGroup(c, "SIGKILL")), graceMs);
  await Promise.all(children.map((c) => c.exited));
  clearTimeout(timer);
}

// Last resort when the runner exits without awaiting stopAll (uncaught error, process.exit).
process.on("exit", () => live.forEach((c) => signalGroup(c, "SIGKILL")));

/**
 * Runs a bench script (load, probes) as a pinned child that takes its config as JSON (bench/child-config.ts) and
 * prints one JSON line: the way every measuring client runs, apart from the servers it measures. Through tsx, or as
 * `node <bundle>` when given the script's bundle (probe-bundle.ts).
 */
export async function runJsonChild<T>(name: string, file: string, config: unknown, opts: { core: number; cwd: string; bundle?: string }): Promise<T> {
  const json = JSON.stringify(config);
  // past 64 KiB in a file: Linux caps one argument at 128 KiB
  const dir = json.length > 64 * 1024 ? mkdtempSync(path.join(tmpdir(), "bench-config-")) : undefined;
  if (dir) writeFileSync(path.join(dir, "config.json"), json);
  const arg = dir ? `@${path.join(dir, "config.json")}` : json;
  const command: [string, string[]] = opts.bundle !== undefined ? [process.execPath, [opts.bundle, arg]] : tsx(file, [arg]);
  const child = spawnChild(name, command, { core: opts.core, cwd: opts.cwd });
  const out = await outputOf(child).finally(() => dir && rmSync(dir, { recursive: true, force: true }));
  const line = out.trim().split("\n").at(-1) ?? "";
  try {
    return JSON.parse(line) as T;
  } catch {
    throw new Error(`${name} printed no JSON result: ${out.slice(-500)}`);
  }
}
