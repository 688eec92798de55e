import type { Kysely } from "kysely";

// Frozen in time: never edit after release; change the schema with a new migration.

/**
 * The two tables every usage event writes a row to lose their foreign keys to `organizations` and `keys`. Each was
 * a trigger run per row: four lookups (with a row lock) per event, about half of Postgres's CPU per event applied
 * (52–54 → 20–34 µs) and a third of the embedded ledger's (78 → 53 µs; docs/performance.md). What they guarded is
 * held otherwise: the one statement that writes usage rows (usage-billing.ts) reads each event's key, and through
 * it the organization, in the same statement, and drops events whose key does not exist; a credit names an
 * organization it has just updated; nothing deletes an organization or a key. `svc reconcile` reports any row
 * whose organization or key is missing or does not match (`event_with_unknown_owner`, `entry_with_unknown_owner`).
 */
const DROPPED = [
  ["usage_events", "usage_events_org_id_fkey", "org_id", "organizations"],
  ["usage_events", "usage_events_key_id_fkey", "key_id", "keys"],
  ["ledger_entries", "ledger_entries_org_id_fkey", "org_id", "organizations"],
  ["ledger_entries", "ledger_entries_key_id_fkey", "key_id", "keys"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, constraint] of DROPPED) await db.schema.alterTable(table).dropConstraint(constraint).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // fails, as it should, on rows naming an organization or key that does not exist
  for (const [table, constraint, column, target] of DROPPED) {
    await db.schema.alterTable(table).addForeignKeyConstraint(constraint, [column], target, ["id"]).execute();
  }
}
