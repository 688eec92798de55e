import { sql } from "kysely";
import type { Kysely } from "kysely";
import { toInt } from "../int.ts";
import type { DB, OrganizationRow } from "../schema.ts";

export interface Organization {
  id: string;
  name: string;
  balanceMicros: number;
  createdAt: Date;
}

export interface OrganizationWithKeyCounts extends Organization {
  /** live (not revoked) keys */
  inferenceKeys: number;
  managementKeys: number;
}

export function toOrganization(row: OrganizationRow): Organization {
  return { id: row.id, name: row.name, balanceMicros: toInt(row.balance_micros), createdAt: row.created_at };
}

export async function insertOrganization(
  db: Kysely<DB>,
  org: { id: string; name: string; balanceMicros: number },
): Promise<Organization> {
  const row = await db
    .insertInto("organizations")
    .values({ id: org.id, name: org.name, balance_micros: org.balanceMicros })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toOrganization(row);
}

export async function findOrganization(db: Kysely<DB>, id: string): Promise<Organization | undefined> {
  const row = await db.selectFrom("organizations").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toOrganization(row);
}

/** The organizations among `ids` that exist, in no particular order (one query). */
export async function findOrganizations(db: Kysely<DB>, ids: readonly string[]): Promise<Organization[]> {
  if (ids.length === 0) return [];
  return (await db.selectFrom("organizations").selectAll().where("id", "in", [...ids]).execute()).map(toOrganization);
}

export async function listOrganizations(db: Kysely<DB>): Promise<Organization[]> {
  return (await organizationsQuery(db).execute()).map(toOrganization);
}

/** Every organization, oldest first: the rows of toOrganization. */
export function organizationsQuery(db: Kysely<DB>) {
  return db.selectFrom("organizations").selectAll().orderBy("created_at").orderBy("id");
}

export async function countOrganizations(db: Kysely<DB>): Promise<number> {
  const row = await db
    .selectFrom("organizations")
    .select((eb) => eb.fn.countAll<string | number>().as("n"))
    .executeTakeFirstOrThrow();
  return toInt(row.n);
}

export async function listOrganizationsWithKeyCounts(db: Kysely<DB>): Promise<OrganizationWithKeyCounts[]> {
  const rows = await db
    .selectFrom("organizations as o")
    .leftJoin("keys as k", (join) => join.onRef("k.org_id", "=", "o.id").on("k.revoked_at", "is", null))
    .select([
      "o.id",
      "o.name",
      "o.balance_micros",
      "o.created_at",
      sql<string | number>`count(k.id) filter (where k.kind = 'inference')`.as("inference_keys"),
      sql<string | number>`count(k.id) filter (where k.kind = 'management')`.as("management_keys"),
    ])
    .groupBy(["o.id", "o.name", "o.balance_micros", "o.created_at"])
    .orderBy("o.created_at")
    .orderBy("o.id")
    .execute();
  return rows.map((r) => ({
    ...toOrganization(r),
    inferenceKeys: toInt(r.inference_keys),
    managementKeys: toInt(r.management_keys),
  }));
}

/** Adds `delta` (negative to debit) and returns the new balance; undefined when the organization does not exist. */
export async function addToBalance(db: Kysely<DB>, id: string, delta: number): Promise<number | undefined> {
  const row = await db
    .updateTable("organizations")
    .set({ balance_micros: sql<number>`balance_micros + ${delta}` })
    .where("id", "=", id)
    .returning("balance_micros")
    .executeTakeFirst();
  return row && toInt(row.balance_micros);
}
