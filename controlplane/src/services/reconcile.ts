import type { Kysely } from "kysely";
import * as q from "../db/repositories/reconciliation.ts";
import type { DB } from "../db/schema.ts";

/** Every kind of disagreement the reconciliation looks for, with what it means for money. */
export const DIFFERENCE_KINDS = {
  event_without_debit: "applied usage event with no ledger debit: the organization was not charged for it",
  event_with_several_debits: "usage event debited more than once: the organization was charged twice",
  debit_differs_from_event: "ledger debit that is not its event's cost (amount, organization, key or kind)",
  debit_without_event: "usage debit with no usage event behind it",
  event_with_unknown_owner: "usage event whose key does not exist or belongs to another organization than the event's",
  entry_with_unknown_owner: "ledger entry whose organization or key does not exist, or whose key is another organization's",
  balance_differs_from_ledger: "organization balance that is not its credits minus its debits",
  key_month_spend_differs_from_events: "key's spend in a month that is not the sum of its usage events of that month",
  key_total_spend_differs_from_events: "key's total spend that is not the sum of all its usage events",
} as const;

export type DifferenceKind = keyof typeof DIFFERENCE_KINDS;

export interface Difference {
  kind: DifferenceKind;
  /** How many rows differ in all. */
  count: number;
  /** The first of them (at most the sample limit), each with both sides of the comparison. */
  samples: Record<string, unknown>[];
}

export interface Reconciliation {
  checked: { usageEvents: number; ledgerEntries: number; organizations: number; keys: number };
  /** Only the kinds that found something; empty when the books agree. */
  differences: Difference[];
}

/**
 * Compares the ledger with the usage events and the totals derived from them, on one consistent snapshot of the
 * database (repeatable read), so a control plane applying usage meanwhile cannot cause a false alarm.
 */
export async function reconcile(db: Kysely<DB>, sampleLimit = 20): Promise<Reconciliation> {
  return db
    .transaction()
    .setIsolationLevel("repeatable read")
    .execute(async (trx) => {
      const checks: [DifferenceKind, () => Promise<q.Found<Record<string, unknown>>>][] = [
        ["event_without_debit", () => q.eventsWithoutDebit(trx, sampleLimit)],
        ["event_with_several_debits", () => q.eventsWithSeveralDebits(trx, sampleLimit)],
        ["debit_differs_from_event", () => q.debitsDifferingFromEvent(trx, sampleLimit)],
        ["debit_without_event", () => q.debitsWithoutEvent(trx, sampleLimit)],
        ["event_with_unknown_owner", () => q.eventsWithUnknownOwner(trx, sampleLimit)],
        ["entry_with_unknown_owner", () => q.entriesWithUnknownOwner(trx, sampleLimit)],
        ["balance_differs_from_ledger", () => q.balancesDifferingFromLedger(trx, sampleLimit)],
        ["key_month_spend_differs_from_events", () => q.monthlySpendDifferingFromEvents(trx, sampleLimit)],
        ["key_total_spend_differs_from_events", () => q.totalSpendDifferingFromEvents(trx, sampleLimit)],
      ];
      const differences: Difference[] = [];
      for (const [kind, check] of checks) {
        const f = await check();
        if (f.total > 0) differences.push({ kind, count: f.total, samples: f.rows });
      }
      return { checked: await q.reconciledCounts(trx), differences };
    });
}
