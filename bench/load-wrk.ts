// Drives one run with wrk (C, one thread): far less CPU per request than a Node client, so the load core is not
// what limits the fastest targets. The body and headers go through a Lua script; done() writes the figures as JSON.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LoadSpec, RunResult } from "./load-spec.ts";

// JSON string literals are valid Lua string literals for the ASCII this bench sends (paths, header values).
const lua = (s: string): string => {
  if (!/^[\x20-\x7e]*$/.test(s)) throw new Error(`wrk script: non-ASCII text ${JSON.stringify(s)}`);
  return JSON.stringify(s);
};

function script(spec: LoadSpec, bodyFile: string, outFile: string): string {
  const headers = Object.entries(spec.headers).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`);
  return [
    `local f = assert(io.open(${lua(bodyFile)}, "rb"))`,
    `wrk.body = f:read("*a")`,
    `f:close()`,
    `wrk.method = "POST"`,
    ...headers,
    `function done(summary, latency, requests)`,
    `  local e = summary.errors`,
    `  local out = assert(io.open(${lua(outFile)}, "w"))`,
    `  out:write(string.format('{"requests":%d,"durationUs":%d,"status":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"p50":%f,"p90":%f,"p99":%f,"mean":%f}',`,
    `    summary.requests, summary.duration, e.status, e.connect, e.read, e.write, e.timeout,`,
    `    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.mean))`,
    `  out:close()`,
    `end`,
  ].join("\n");
}

interface WrkOut {
  requests: number;
  durationUs: number;
  status: number;
  connect: number;
  read: number;
  write: number;
  timeout: number;
  p50: number;
  p90: number;
  p99: number;
  mean: number;
}

const tempDirs = new Set<string>();

/** How long past its duration wrk may run before it is killed: its per-request timeout (10 s) and then some. */
const WRK_GRACE_SEC = 15;

/** Removes the script and output files of a run in progress (the load process is being stopped). */
export function discardWrkFiles(): void {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export async function runWrk(spec: LoadSpec, durationSec: number, realtime: boolean): Promise<RunResult> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-wrk-"));
  tempDirs.add(dir);
  try {
    const bodyFile = path.join(dir, "body");
    const outFile = path.join(dir, "out.json");
    const scriptFile = path.join(dir, "script.lua");
    writeFileSync(bodyFile, spec.body);
    writeFileSync(scriptFile, script(spec, bodyFile, outFile));
    // one thread: the load process is pinned to one core; a request slower than 10 s is a failure, not a wait
    const args = ["-t1", `-c${spec.connections}`, `-d${durationSec}s`, "--timeout", "10s", "-s", scriptFile, spec.url];
    const [file, argv] = realtime ? ["chrt", ["-r", "1", "wrk", ...args]] : ["wrk", args];
    const child = spawn(file, argv, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (t: string) => (stderr += t));
    // a backstop: at FIFO priority a wrk whose target died never stopped (its reconnecting worker thread starved the
    // thread that ends the run); round-robin stops it on time, and anything else that keeps it running is cut here
    let overran = false;
    const deadline = setTimeout(() => {
      overran = true;
      child.kill("SIGKILL");
    }, (durationSec + WRK_GRACE_SEC) * 1000);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once("error", reject);
      child.once("exit", resolve);
    }).finally(() => clearTimeout(deadline));
    if (overran) throw new Error(`wrk was still running ${WRK_GRACE_SEC} s after its ${durationSec} s run and was killed (did the target stop answering?): ${stderr.trim()}`);
    if (code !== 0) throw new Error(`wrk exited with ${code}: ${stderr.trim()}`);
    const out = JSON.parse(readFileSync(outFile, "utf8")) as WrkOut;
    // wrk counts answers with status > 399 as status errors; anything else it read is a success here
    const failed = out.status + out.connect + out.read + out.write + out.timeout;
    return {
      responses: out.requests,
      ok: out.requests - out.status,
      failed,
      durationSec: out.durationUs / 1e6,
      latencyMs: { p50: out.p50 / 1000, p90: out.p90 / 1000, p99: out.p99 / 1000, mean: out.mean / 1000 },
    };
  } finally {
    tempDirs.delete(dir);
    rmSync(dir, { recursive: true, force: true });
  }
}
