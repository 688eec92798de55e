// The load process, pinned apart from the servers: a warm-up run, then the measured run, with the servers' CPU
// time read right before and right after the measured run (so warm-up and start-up never count), and then what
// they go on spending until they are quiet: work the run left behind (a ledger catching up) is the run's cost too.
// Usage: tsx bench/load.ts '<LoadConfig JSON>' (or @<file>, bench/child-config.ts)  → prints one LoadOutput JSON line on stdout.
import { childConfig } from "./child-config.ts";
import { runAutocannon } from "./load-autocannon.ts";
import type { LoadConfig, LoadOutput, LoadSpec, RunResult } from "./load-spec.ts";
import { discardWrkFiles, runWrk } from "./load-wrk.ts";
import { contextSwitches, cpuSecondsOf, memory } from "./proc.ts";
import { whileBusy } from "./quiet.ts";

const config = childConfig<LoadConfig>("load.ts", "LoadConfig");
process.once("SIGTERM", () => {
  discardWrkFiles();
  process.exit(143);
});

const run = (spec: LoadSpec, durationSec: number): Promise<RunResult> => (config.tool === "wrk" ? runWrk(spec, durationSec, config.realtimeWrk) : runAutocannon(spec, durationSec));
const cpuNow = (): Record<string, number | undefined> => Object.fromEntries(Object.entries(config.cpuOf).map(([role, pids]) => [role, cpuSecondsOf(pids)]));
const switchesNow = () => Object.fromEntries(Object.entries(config.switchesOf).map(([role, pid]) => [role, contextSwitches(pid)]));

// Warm-up opens the keep-alive connections and lets V8 optimise both sides before anything is measured.
if (config.warmupSec > 0) await run(config, config.warmupSec);
const switchesBefore = switchesNow();
const before = cpuNow();
const result = await run(config, config.durationSec);
const after = cpuNow();
const switchesAfter = switchesNow();
const cpuSeconds: Record<string, number | null> = {};
for (const role of Object.keys(config.cpuOf)) {
  const [a, b] = [before[role], after[role]];
  cpuSeconds[role] = a === undefined || b === undefined ? null : b - a;
}
const switches: LoadOutput["switches"] = {};
for (const role of Object.keys(config.switchesOf)) {
  const [a, b] = [switchesBefore[role], switchesAfter[role]];
  switches[role] = a === undefined || b === undefined ? null : { voluntary: b.voluntary - a.voluntary, involuntary: b.involuntary - a.involuntary };
}
const mem: LoadOutput["memory"] = {};
for (const [role, pid] of Object.entries(config.memoryOf)) mem[role] = memory(pid) ?? null;
const cpuAfterSeconds = config.settle ? await leftBehind(after) : {};
const output: LoadOutput = { ...result, cpuSeconds, cpuAfterSeconds, memory: mem, switches };
process.stdout.write(`${JSON.stringify(output)}\n`);

/**
 * CPU seconds each role spends after the run until all of them together use less than 5 % of a core over a
 * 250 ms window (at most 15 s): what the load left them to do. A gateway whose ledger falls behind would
 * otherwise look cheaper than one that keeps up.
 */
async function leftBehind(from: Record<string, number | undefined>): Promise<Record<string, number | null>> {
  const WINDOW_MS = 250;
  const roles = Object.keys(config.cpuOf);
  let last = from;
  await whileBusy(WINDOW_MS, 15_000, () => {
    const now = cpuNow();
    const used = roles.reduce((sum, role) => sum + (now[role] ?? 0) - (last[role] ?? 0), 0);
    last = now;
    return used < 0.05 * (WINDOW_MS / 1000);
  });
  return Object.fromEntries(roles.map((role) => [role, from[role] === undefined || last[role] === undefined ? null : last[role]! - from[role]!]));
}
