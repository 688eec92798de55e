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

/**
 * Nanoseconds on a CPU of every live thread of these processes (the scheduler's own count, /proc/<pid>/task/<tid>/
 * schedstat), for spans too short for the 10 ms ticks of cpuSecondsOf; undefined where the kernel does not keep it.
 * A thread that has exited drops out of the sum: for the spans compared here (a process's helpers live as long as it).
 */
export function cpuNanosOf(pids: readonly number[]): number | undefined {
  let total = 0;
  try {
    for (const pid of pids) {
      let read = 0;
      for (const tid of readdirSync(`/proc/${pid}/task`)) {
        try {
          total += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
          read++;
        } catch {
          // the thread ended since the listing
        }
      }
      // not one thread's count: the process is gone, or the kernel keeps none
      if (read === 0) return undefined;
    }
  } catch {
    return undefined;
  }
  return Number.isFinite(total) ? total : undefined;
}

/** Times a thread left its core: of its own accord (to wait for something) and preempted (still runnable). */
export interface ContextSwitches {
  voluntary: number;
  involuntary: number;
}

/**
 * The context switches of a process's main thread (its thread group leader: /proc/<pid>/status counts that thread
 * alone), the one that serves requests in the mock, nginx's worker, the relay and the gateway.
 */
export function contextSwitches(pid: number): ContextSwitches | undefined {
  const status = statusOf(pid);
  if (status === undefined) return undefined;
  const voluntary = statusNumber(status, "voluntary_ctxt_switches");
  const involuntary = statusNumber(status, "nonvoluntary_ctxt_switches");
  return Number.isNaN(voluntary) || Number.isNaN(involuntary) ? undefined : { voluntary, involuntary };
}

/** /proc/<pid>/status, or undefined when the process is gone. */
function statusOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/status`, "utf8");
  } catch {
    return undefined;
  }
}

/** The number that starts a status line's value (`VmRSS:  1234 kB` → 1234), NaN when the line is missing. */
function statusNumber(status: string, name: string): number {
  return Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
}

export interface Memory {
  /** VmRSS: resident now. */
  rssMb: number;
  /** VmHWM: the most the process has ever had resident. */
  peakRssMb: number;
}

export function memory(pid: number): Memory | undefined {
  const status = statusOf(pid);
  if (status === undefined) return undefined;
  // both in kB
  const rss = statusNumber(status, "VmRSS");
  const hwm = statusNumber(status, "VmHWM");
  return Number.isNaN(rss) ? undefined : { rssMb: rss / 1024, peakRssMb: hwm / 1024 };
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

/** The soft limit on open files (`ulimit -n`) the process runs under: every socket it holds takes one. */
export function openFilesLimit(pid: number): number | undefined {
  try {
    const limits = readFileSync(`/proc/${pid}/limits`, "utf8");
    const soft = /^Max open files\s+(\S+)/m.exec(limits)?.[1];
    if (soft === "unlimited") return Number.POSITIVE_INFINITY;
    const n = Number(soft);
    return Number.isFinite(n) ? n : undefined;
  } catch {
    return undefined;
  }
}

export interface CoreTicks {
  busy: number;
  total: number;
}

/**
 * Busy and total ticks of every core since boot (/proc/stat), by core number: how busy a core was, whoever used
 * it, tells a saturated core apart from a process that is slow on its own. Idle and iowait count as not busy.
 */
export function coreTicks(): CoreTicks[] | undefined {
  try {
    const out: CoreTicks[] = [];
    for (const line of readFileSync("/proc/stat", "utf8").split("\n")) {
      const m = /^cpu(\d+)\s+(.*)$/.exec(line);
      if (!m) continue;
      const v = m[2]!.trim().split(/\s+/).map(Number);
      // user nice system idle iowait irq softirq steal (guest time is already inside user)
      const total = v.slice(0, 8).reduce((a, b) => a + b, 0);
      out[Number(m[1])] = { busy: total - (v[3] ?? 0) - (v[4] ?? 0), total };
    }
    return out;
  } catch {
    return undefined;
  }
}

/** Per core, % of the time between two coreTicks() readings it was busy. */
export function coreBusyPercent(before: readonly CoreTicks[] | undefined, after: readonly CoreTicks[] | undefined): (number | null)[] {
  if (!before || !after) return [];
  return after.map((a, core) => {
    const b = before[core];
    const total = b ? a.total - b.total : 0;
    return b && total > 0 ? ((a.busy - b.busy) / total) * 100 : null;
  });
}
