import { sql } from "kysely";
import type { Kysely } from "kysely";
import { toInt } from "../int.ts";
import type { DB, LedgerKind } from "../schema.ts";
import { unnestInsert, type UnnestColumn } from "../unnest.ts";

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
  await insertLedgerEntries(db, [entry]);
}

const LEDGER_COLUMNS: readonly UnnestColumn<NewLedgerEntryInput>[] = [
  { name: "org_id", type: "text", value: (e) => e.orgId },
  { name: "key_id", type: "text", value: (e) => e.keyId ?? null },
  { name: "kind", type: "text", value: (e) => e.kind },
  { name: "amount_micros", type: "bigint", value: (e) => e.amountMicros },
  { name: "usage_event_id", type: "text", value: (e) => e.usageEventId ?? null },
  { name: "note", type: "text", value: (e) => e.note ?? null },
];

export async function insertLedgerEntries(db: Kysely<DB>, entries: readonly NewLedgerEntryInput[]): Promise<void> {
  if (entries.length === 0) return;
  await unnestInsert("ledger_entries", LEDGER_COLUMNS, entries).execute(db);
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
