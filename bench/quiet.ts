// Waiting for the machine to settle before a measured run. A gateway that served the run before may still be
// working off what that load left behind, on the very core the next target is measured on: the embedded
// gateway's ledger can apply a backlog of usage events for a second or more after a run at c=128
// (docs/performance.md), and the next target in line, the split data plane, runs beside it. The load process
// (load.ts) also waits here, on the measured target's own processes, to count what its run left behind.
import { setTimeout as sleep } from "node:timers/promises";
import { coreBusyPercent, coreTicks } from "./proc.ts";

/** How long each reading of the cores lasts (ticks are 10 ms: 30 per core). */
const WINDOW_MS = 300;
/** Busier than this, a core is still working on something. */
const BUSY_PERCENT = 10;
/** Past this, the run goes ahead and says how busy the cores still were. */
const LIMIT_MS = 30_000;

export interface Settled {
  waitedMs: number;
  /** Each core's busy % in the last window, when the limit was reached first. */
  stillBusy?: (number | null)[];
}

/**
 * Waits window after window until `quiet(windowMs)` says the last window was quiet, or `limitMs` has passed;
 * resolves with whether it ended quiet and how long it waited. The caller's `quiet` takes its own readings.
 */
export async function whileBusy(windowMs: number, limitMs: number, quiet: () => boolean): Promise<{ quiet: boolean; waitedMs: number }> {
  const started = performance.now();
  for (;;) {
    await sleep(windowMs);
    const waitedMs = Math.round(performance.now() - started);
    if (quiet()) return { quiet: true, waitedMs };
    if (waitedMs >= limitMs) return { quiet: false, waitedMs };
  }
}

/** Resolves once no core was more than 10 % busy over a 300 ms window, or after 30 s. */
export async function untilQuiet(limitMs = LIMIT_MS): Promise<Settled> {
  let before = coreTicks();
  let busy: (number | null)[] = [];
  const r = await whileBusy(WINDOW_MS, limitMs, () => {
    const now = coreTicks();
    busy = coreBusyPercent(before, now);
    before = now;
    // no reading (not Linux): nothing to wait for
    return busy.length === 0 || busy.every((b) => b === null || b <= BUSY_PERCENT);
  });
  return r.quiet ? { waitedMs: r.waitedMs } : { waitedMs: r.waitedMs, stillBusy: busy };
}
