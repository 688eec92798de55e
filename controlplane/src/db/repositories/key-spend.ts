import type { Kysely } from "kysely";
import { toInt } from "../int.ts";
import type { DB } from "../schema.ts";

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
