// Waiting for the machine to settle before a measured run. A gateway that served the run before may still be
// working off what that load left behind, on the very core the next target is measured on: the embedded
// gateway's ledger applies its backlog of usage events for seconds after a run at c=32 (its ledger does not keep
// up under load, docs/performance.md), and the next target in line, the split data plane, ran beside it.
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

/** Resolves once no core was more than 10 % busy over a 300 ms window, or after 30 s. */
export async function untilQuiet(limitMs = LIMIT_MS): Promise<Settled> {
  const started = performance.now();
  for (;;) {
    const before = coreTicks();
    await sleep(WINDOW_MS);
    const busy = coreBusyPercent(before, coreTicks());
    const waitedMs = Math.round(performance.now() - started);
    // no reading (not Linux): nothing to wait for
    if (busy.length === 0 || busy.every((b) => b === null || b <= BUSY_PERCENT)) return { waitedMs };
    if (waitedMs >= limitMs) return { waitedMs, stillBusy: busy };
  }
}
