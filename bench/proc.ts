// What the kernel knows of a process, read from /proc (Linux): CPU time, resident memory, child processes.
// Every reader returns undefined instead of throwing, so a process that exits mid-run costs a figure, not the run.
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

let ticksPerSec: number | undefined;

/** USER_HZ, the unit of utime and stime in /proc/<pid>/stat (100 on every common Linux, but asked, not assumed). */
export function clockTicksPerSec(): number {
  if (ticksPerSec === undefined) {
    const n = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout?.trim());
    ticksPerSec = Number.isInteger(n) && n > 0 ? n : 100;
  }
  return ticksPerSec;
}

/** CPU seconds (user + system, every thread, worker threads included) the process has used since it started. */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // comm (field 2) may hold spaces and parentheses; the fields after its closing ")" start at field 3
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) / clockTicksPerSec() : undefined;
  } catch {
    return undefined;
  }
}

/** CPU seconds of several processes together (nginx's master and worker); undefined if any is gone. */
export function cpuSecondsOf(pids: readonly number[]): number | undefined {
  let total = 0;
  for (const pid of pids) {
    const s = cpuSeconds(pid);
    if (s === undefined) return undefined;
    total += s;
  }
  return total;
}

export interface Memory {
  /** VmRSS: resident now. */
  rssMb: number;
  /** VmHWM: the most the process has ever had resident. */
  peakRssMb: number;
}

export function memory(pid: number): Memory | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
    const rss = kb("VmRSS");
    const hwm = kb("VmHWM");
    return Number.isNaN(rss) ? undefined : { rssMb: rss / 1024, peakRssMb: hwm / 1024 };
  } catch {
    return undefined;
  }
}

/** Direct children of a process (nginx's worker under its master). */
export function childPids(pid: number): number[] {
  try {
    const out: number[] = [];
    for (const tid of readdirSync(`/proc/${pid}/task`)) {
      const text = readFileSync(`/proc/${pid}/task/${tid}/children`, "utf8").trim();
      if (text !== "") out.push(...text.split(/\s+/).map(Number));
    }
    return out;
  } catch {
    return [];
  }
}
