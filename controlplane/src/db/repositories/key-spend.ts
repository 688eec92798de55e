import { sql } from "kysely";
import type { Kysely } from "kysely";
import { toInt } from "../int.ts";
import type { DB } from "../schema.ts";

/** Adds `delta` to a key's spend in `month` (UTC 'YYYY-MM'), creating the row on first spend. */
export async function addMonthlySpend(db: Kysely<DB>, keyId: string, month: string, delta: number): Promise<void> {
  await db
    .insertInto("key_monthly_spend")
    .values({ key_id: keyId, month, spend_micros: delta })
    .onConflict((oc) =>
      oc.columns(["key_id", "month"]).doUpdateSet({
        spend_micros: sql<number>`key_monthly_spend.spend_micros + excluded.spend_micros`,
      }),
    )
    .execute();
}

export async function findMonthlySpend(db: Kysely<DB>, keyId: string, month: string): Promise<number> {
  const row = await db
    .selectFrom("key_monthly_spend")
    .select("spend_micros")
    .where("key_id", "=", keyId)
    .where("month", "=", month)
    .executeTakeFirst();
  return row ? toInt(row.spend_micros) : 0;
}

/** Spend in `month` for the given keys (one query for a list page). */
export async function findMonthlySpendForKeys(
  db: Kysely<DB>,
  keyIds: readonly string[],
  month: string,
): Promise<Map<string, number>> {
  if (keyIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("key_monthly_spend")
    .select(["key_id", "spend_micros"])
    .where("month", "=", month)
    .where("key_id", "in", [...keyIds])
    .execute();
  return new Map(rows.map((r) => [r.key_id, toInt(r.spend_micros)]));
}
