// One measured run of one target at one concurrency: a load process pinned to the load core, the same request
// for every target, and the servers' CPU and memory read by that process around the measured part.
import { realtimeLoad, runJsonChild } from "./children.ts";
import type { LoadConfig, LoadOutput, LoadTool } from "./load-spec.ts";
import { requestHeaders, type Scenario, type Target } from "./scenarios.ts";

export interface RunSettings {
  root: string;
  tool: LoadTool;
  durationSec: number;
  warmupSec: number;
}

/** The core every load and probe process runs on; servers run on core 0. */
export const LOAD_CORE = 1;
/** Where the split mode's control plane runs: with the load, Postgres and NATS, not on the gateway's core. */
export const SERVICES_CORE = LOAD_CORE;

/** `settle: false` returns as soon as the run ends, leaving the servers' state as the run left it (none read after it). */
export function runLoad(target: Target, scenario: Scenario, connections: number, s: RunSettings, opts: { settle?: boolean } = {}): Promise<LoadOutput> {
  const p = target.processes;
  const cpuOf: Record<string, number[]> = { server: p.server };
  const memoryOf: Record<string, number> = { server: p.memory };
  if (p.controlPlane !== undefined) {
    cpuOf["controlPlane"] = [p.controlPlane];
    memoryOf["controlPlane"] = p.controlPlane;
  }
  // the serving thread (nginx's worker, the gateway's main thread) and the mock, whose switches tell who preempted whom
  const switchesOf: Record<string, number> = { server: p.memory };
  if (p.upstream !== undefined) {
    cpuOf["upstream"] = [p.upstream];
    switchesOf["upstream"] = p.upstream;
  }
  const config: LoadConfig = {
    tool: s.tool,
    url: `${target.origin}${scenario.path}`,
    headers: requestHeaders(target, scenario),
    body: scenario.body,
    connections,
    realtimeWrk: realtimeLoad,
    durationSec: s.durationSec,
    warmupSec: s.warmupSec,
    settle: opts.settle ?? true,
    cpuOf,
    memoryOf,
    switchesOf,
  };
  return runJsonChild<LoadOutput>(`load ${target.name}/${scenario.name}/c${connections}`, "bench/load.ts", config, { core: LOAD_CORE, cwd: s.root });
}
