// The machine-readable results: bench/results/latest.json (git-ignored), with what is needed to judge the figures:
// when, on what machine, how busy it was, how processes were pinned and with which tools.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export interface Meta {
  date: string;
  node: string;
  cpuModel: string | undefined;
  cores: number;
  /** 1, 5 and 15 minute load averages at the start and at the end of the run. */
  loadavgStart: number[];
  loadavgEnd: number[];
  pinning: string;
  loadTool: string;
  nginx: string | null;
}

function versionOf(command: string, args: string[]): string | null {
  const r = spawnSync(command, args, { encoding: "utf8" });
  if (r.error) return null;
  // nginx -v and wrk -v print to stderr; wrk also exits non-zero
  return `${r.stdout}${r.stderr}`.split("\n")[0]?.trim() || null;
}

export function collectMeta(opts: { loadavgStart: number[]; pinning: string; loadTool: string; nginx: boolean }): Meta {
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpuModel: os.cpus()[0]?.model,
    cores: os.availableParallelism(),
    loadavgStart: opts.loadavgStart,
    loadavgEnd: os.loadavg(),
    pinning: opts.pinning,
    loadTool: opts.loadTool === "wrk" ? (versionOf("wrk", ["-v"]) ?? "wrk") : "autocannon 8",
    nginx: opts.nginx ? versionOf("nginx", ["-v"]) : null,
  };
}

export function writeResults(root: string, results: unknown): string {
  const dir = path.join(root, "bench", "results");
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "latest.json");
  writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  return path.relative(root, file);
}
