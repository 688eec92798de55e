// The contract between the runner and a load process, and between the load process and its drivers.

export type LoadTool = "wrk" | "autocannon";

/** One closed-loop run: `connections` keep-alive connections, each sending the next request on the last answer. */
export interface LoadSpec {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
}

export interface RunResult {
  /** Answers received in the measured run, whatever their status. */
  responses: number;
  /** 2xx answers. */
  ok: number;
  /** Non-2xx answers, socket errors and timeouts. */
  failed: number;
  durationSec: number;
  /** Response times in ms: 2xx only with autocannon, every answer with wrk (failures are reported apart). */
  latencyMs: { p50: number; p90: number; p99: number; mean: number };
}

export interface LoadConfig extends LoadSpec {
  tool: LoadTool;
  /** wrk at real-time priority (SCHED_RR 1) on its core: see `realtimeLoad` in children.ts. */
  realtimeWrk: boolean;
  durationSec: number;
  warmupSec: number;
  /** Whether to go on reading the processes' CPU after the run until they are quiet (LoadOutput.cpuAfterSeconds). */
  settle: boolean;
  /** Processes whose CPU time is read right before and right after the measured run, by role. */
  cpuOf: Record<string, number[]>;
  /** Processes whose memory is read right after the measured run, by role. */
  memoryOf: Record<string, number>;
  /** Processes whose main thread's context switches are counted over the measured run, by role. */
  switchesOf: Record<string, number>;
}

export interface LoadOutput extends RunResult {
  /** CPU seconds each role used during the measured run; null when a process was gone. */
  cpuSeconds: Record<string, number | null>;
  /** CPU seconds each role used after the run until quiet (bench/load.ts): what the run left behind. */
  cpuAfterSeconds: Record<string, number | null>;
  memory: Record<string, { rssMb: number; peakRssMb: number } | null>;
  /** Context switches of each role's main thread during the measured run; null when a process was gone. */
  switches: Record<string, { voluntary: number; involuntary: number } | null>;
}
