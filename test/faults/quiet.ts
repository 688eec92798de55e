import { audit, readLedger, type Audit } from "./ledger-audit.ts";
import type { Outcome } from "./load.ts";

/** Usage events a data plane holds that the bus has not stored yet (its svc_usage_spool_depth gauge). */
export async function unsentUsage(metricsUrl: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const m = /^svc_usage_spool_depth (\d+)/m.exec(text);
  if (!m) throw new Error(`no svc_usage_spool_depth in ${metricsUrl}`);
  return Number(m[1]);
}

/**
 * Waits until the money has settled: no data plane holds unsent usage, every 200 is in the ledger, and the
 * ledger stays the same for a second (nothing late is still on its way). Returns the audit of that state and
 * how long settling took.
 */
export async function settledAudit(opts: { databaseUrl: string; metricsUrls: readonly string[]; outcomes: readonly Outcome[]; openingMicros: number; timeoutMs: number }): Promise<{ audit: Audit; settleMs: number }> {
  const started = Date.now();
  const deadline = started + opts.timeoutMs;
  let last: Audit | undefined;
  for (;;) {
    const unsent = await Promise.all(opts.metricsUrls.map((u) => unsentUsage(u).catch(() => -1)));
    if (unsent.every((n) => n === 0)) {
      const a = audit(opts.outcomes, await readLedger(opts.databaseUrl), opts.openingMicros);
      if (a.missing.length === 0 && last && last.balanceMicros === a.balanceMicros && last.beyondSuccesses.length === a.beyondSuccesses.length) {
        return { audit: a, settleMs: Date.now() - started };
      }
      last = a.missing.length === 0 ? a : undefined;
    }
    if (Date.now() > deadline) {
      return { audit: audit(opts.outcomes, await readLedger(opts.databaseUrl), opts.openingMicros), settleMs: Date.now() - started };
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
}
