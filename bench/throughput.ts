// The throughput phase: every scenario at every concurrency against every target, target after target at each
// level, so drift in the machine's load affects all of them alike; with rounds > 1 the targets take turns that
// many times (every other round in reverse order) and each row is the target's median round. Prints a table per
// scenario as it completes.
import type { LoadOutput } from "./load-spec.ts";
import { untilQuiet } from "./quiet.ts";
import { compareRows, formatLoadTable, measure, type LoadRow, type Measurement } from "./report.ts";
import { runLoad, type RunSettings } from "./runs.ts";
import { preflight, type Scenario, type Target, type TargetName } from "./scenarios.ts";

export interface RawRun {
  scenario: string;
  connections: number;
  target: TargetName;
  output: LoadOutput;
  /** How long the run waited for the cores to be quiet first (what the run before left behind). */
  settledMs: number;
  /** 1-based, of `rounds` at this level. */
  round: number;
}

export interface ThroughputResult {
  rows: LoadRow[];
  runs: RawRun[];
}

/** A scenario left out because the gateway does not serve it yet, and the answer that said so. */
export interface Skipped {
  scenario: string;
  reason: string;
}

/**
 * One request of every scenario to every target before any load, so a broken target fails the run in seconds,
 * not after minutes of measurements. A scenario the gateway answers with a "not there yet" status is skipped.
 */
export async function preflightAll(scenarios: readonly Scenario[], targets: readonly Target[]): Promise<{ runnable: Scenario[]; skipped: Skipped[] }> {
  const runnable: Scenario[] = [];
  const skipped: Skipped[] = [];
  for (const scenario of scenarios) {
    let skip: string | undefined;
    for (const target of targets) {
      const result = await preflight(target, scenario);
      if (result.ok) continue;
      if (!result.skip) throw new Error(`preflight failed: ${result.problem}`);
      skip = result.problem;
      break;
    }
    if (skip === undefined) runnable.push(scenario);
    else {
      console.log(`note: ${scenario.title} skipped, the gateway does not serve it yet (${skip.split("\n")[0]?.slice(0, 200)})`);
      skipped.push({ scenario: scenario.name, reason: skip });
    }
  }
  return { runnable, skipped };
}

/**
 * The round whose requests/s is the median (the lower middle of an even count): a whole run's figures, so its CPU,
 * latency and memory belong to the same run as its throughput.
 */
function medianRun(runs: readonly Measurement[]): Measurement {
  if (runs.length === 0) throw new Error("no runs to take a median of");
  const sorted = [...runs].sort((a, b) => a.requestsPerSec - b.requestsPerSec);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** Scenarios are expected to have passed preflightAll. */
export async function throughput(scenarios: readonly Scenario[], targets: readonly Target[], connections: readonly number[], settings: RunSettings & { rounds: number }): Promise<ThroughputResult> {
  const result: ThroughputResult = { rows: [], runs: [] };
  for (const scenario of scenarios) {
    const rows: LoadRow[] = [];
    for (const c of connections) {
      const measured = new Map<TargetName, Measurement[]>(targets.map((t) => [t.name, []]));
      for (let round = 1; round <= settings.rounds; round++) {
        const of = settings.rounds > 1 ? ` (round ${round} of ${settings.rounds})` : "";
        // every other round in reverse: what ran just before a target, and where in a round the machine's drift
        // falls, then fall on each alike (in a fixed order the second of two gateways ran ~11 µs a request slower,
        // whichever it was, in three runs of docs/performance.md's session of 13:58 UTC, 2026-11-29)
        for (const target of round % 2 === 0 ? [...targets].reverse() : targets) {
          const settled = await untilQuiet();
          if (settled.stillBusy) console.error(`${scenario.name} c=${c} ${target.name}: the cores were still busy after ${settled.waitedMs} ms (${settled.stillBusy.map((b) => `${b?.toFixed(0) ?? "?"} %`).join(", ")}); measuring anyway`);
          const output = await runLoad(target, scenario, c, settings);
          result.runs.push({ scenario: scenario.name, connections: c, target: target.name, output, settledMs: settled.waitedMs, round });
          const m = measure(output);
          measured.get(target.name)!.push(m);
          const waited = settled.waitedMs > 1000 ? ` (after ${(settled.waitedMs / 1000).toFixed(1)} s waiting for quiet cores)` : "";
          console.error(`${scenario.name} c=${c} ${target.name}${of}: ${m.requestsPerSec.toFixed(0)} req/s, p50 ${m.p50Ms.toFixed(3)} ms${m.failed > 0 ? `, ${m.failed} failed` : ""}${waited}`);
        }
      }
      rows.push(...compareRows(scenario.name, c, new Map([...measured].map(([name, runs]) => [name, medianRun(runs)]))));
    }
    console.log(`${formatLoadTable(scenario.title, rows)}\n`);
    result.rows.push(...rows);
  }
  return result;
}
