import { formatMicrosAsUsd } from "../money.ts";
import { DIFFERENCE_KINDS, type Reconciliation } from "../services/reconcile.ts";

/** Exit code of `svc reconcile` when the books disagree (apart from 1, which means it could not check). */
export const DIFFERENCES_FOUND = 3;

/** The report for people: what was compared, then each kind of difference with its first rows. */
export function formatReconciliation(r: Reconciliation): string[] {
  const c = r.checked;
  const lines = [`Compared ${c.usageEvents} usage events, ${c.ledgerEntries} ledger entries, ${c.organizations} organizations and ${c.keys} keys.`];
  if (r.differences.length === 0) {
    lines.push("OK: every usage event is debited once at its cost, every usage debit has its event, every row's organization and key exist, balances and key spend agree.");
    return lines;
  }
  lines.push(`DIFFERENCES FOUND (${r.differences.length} ${r.differences.length === 1 ? "kind" : "kinds"}):`);
  for (const d of r.differences) {
    lines.push(`  ${d.kind}: ${d.count} (${DIFFERENCE_KINDS[d.kind]})`);
    for (const s of d.samples) lines.push(`    ${describeRow(s)}`);
    if (d.count > d.samples.length) lines.push(`    … and ${d.count - d.samples.length} more`);
  }
  return lines;
}

/** key=value pairs; amounts (fields ending in Micros) also in dollars, exact. */
function describeRow(row: Record<string, unknown>): string {
  return Object.entries(row)
    .map(([k, v]) => (k.endsWith("Micros") && typeof v === "number" ? `${k}=${v} (${formatMicrosAsUsd(v)})` : `${k}=${String(v)}`))
    .join(" ");
}
