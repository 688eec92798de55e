import { sql } from "kysely";
import type { Kysely } from "kysely";
import { toInt } from "../int.ts";
import type { DB, LedgerKind } from "../schema.ts";

export interface LedgerEntry {
  id: number;
  orgId: string;
  keyId: string | null;
  kind: LedgerKind;
  /** positive credits, negative usage */
  amountMicros: number;
  usageEventId: string | null;
  note: string | null;
  createdAt: Date;
}

export interface NewLedgerEntryInput {
  orgId: string;
  keyId?: string | null;
  kind: LedgerKind;
  amountMicros: number;
  usageEventId?: string | null;
  note?: string | null;
}

export async function insertLedgerEntry(db: Kysely<DB>, entry: NewLedgerEntryInput): Promise<void> {
  await db
    .insertInto("ledger_entries")
    .values({
      org_id: entry.orgId,
      key_id: entry.keyId ?? null,
      kind: entry.kind,
      amount_micros: entry.amountMicros,
      usage_event_id: entry.usageEventId ?? null,
      note: entry.note ?? null,
    })
    .execute();
}

export async function listLedgerEntries(db: Kysely<DB>, orgId: string): Promise<LedgerEntry[]> {
  const rows = await db.selectFrom("ledger_entries").selectAll().where("org_id", "=", orgId).orderBy("id").execute();
  return rows.map((r) => ({
    id: toInt(r.id),
    orgId: r.org_id,
    keyId: r.key_id,
    kind: r.kind,
    amountMicros: toInt(r.amount_micros),
    usageEventId: r.usage_event_id,
    note: r.note,
    createdAt: r.created_at,
  }));
}

/** The ledger's own view of the balance; organizations.balance_micros must always equal it. */
export async function sumLedger(db: Kysely<DB>, orgId: string): Promise<number> {
  const row = await db
    .selectFrom("ledger_entries")
    .select(sql<string | number>`coalesce(sum(amount_micros), 0)`.as("total"))
    .where("org_id", "=", orgId)
    .executeTakeFirstOrThrow();
  return toInt(row.total);
}
