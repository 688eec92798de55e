import { sql } from "kysely";
import type { InferResult, Kysely } from "kysely";
import { z } from "zod";
import { parseStoredLimits } from "../../limits.ts";
import type { Limits } from "../../limits.ts";
import { toInt } from "../int.ts";
import type { DB, KeyKind, KeyRow, KeyUpdate } from "../schema.ts";

/** A key as stored: never the plaintext, only its keyed hash and a display prefix. */
export interface StoredKey {
  id: string;
  orgId: string;
  kind: KeyKind;
  name: string;
  hash: string;
  prefix: string;
  /** null: every model; else canonical slugs */
  models: string[] | null;
  limits: Limits;
  spendTotalMicros: number;
  createdAt: Date;
  revokedAt: Date | null;
}

const modelsColumn = z.array(z.string()).nullable();

/** An unreadable allowlist must fail closed (no models), never open (every model). */
function readModels(column: unknown): string[] | null {
  if (column === null || column === undefined) return null;
  const models = modelsColumn.safeParse(column);
  return models.success ? models.data : [];
}

type KeyColumns = Pick<KeyRow, "id" | "org_id" | "kind" | "name" | "hash" | "prefix" | "models" | "limits" | "spend_total_micros">;

function keyFields(row: KeyColumns): Omit<StoredKey, "createdAt" | "revokedAt"> {
  return {
    id: row.id,
    orgId: row.org_id,
    kind: row.kind,
    name: row.name,
    hash: row.hash,
    prefix: row.prefix,
    models: readModels(row.models),
    limits: parseStoredLimits(row.limits),
    spendTotalMicros: toInt(row.spend_total_micros),
  };
}

// fields added to keyFields' object rather than spread into a new one: a spread copy of 100,000 rows took longer
// than reading them
function toStoredKey(row: KeyRow): StoredKey {
  const key = keyFields(row) as StoredKey;
  key.createdAt = row.created_at;
  key.revokedAt = row.revoked_at;
  return key;
}

export interface NewKeyInput {
  id: string;
  orgId: string;
  kind: KeyKind;
  name: string;
  hash: string;
  prefix: string;
  models: string[] | null;
  limits: Limits;
}

export async function insertKey(db: Kysely<DB>, key: NewKeyInput): Promise<StoredKey> {
  const row = await db
    .insertInto("keys")
    .values({
      id: key.id,
      org_id: key.orgId,
      kind: key.kind,
      name: key.name,
      hash: key.hash,
      prefix: key.prefix,
      models: key.models === null ? null : JSON.stringify(key.models),
      limits: JSON.stringify(key.limits),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toStoredKey(row);
}

export async function findKeyById(db: Kysely<DB>, id: string): Promise<StoredKey | undefined> {
  const row = await db.selectFrom("keys").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toStoredKey(row);
}

/** A key as a data plane snapshot carries it: its month's spend joined in, times as epoch milliseconds. */
export type SnapshotKey = Omit<StoredKey, "createdAt" | "revokedAt"> & {
  spendMonthMicros: number;
  createdAtMs: number;
  revoked: boolean;
};

/**
 * Every key (or those among `ids`), revoked ones included, with its spend in `month`: one query. Times come back as
 * epoch milliseconds and revocation as a flag, because parsing 100,000 timestamps into Dates was a tenth of a full
 * snapshot's build.
 */
export async function listSnapshotKeys(db: Kysely<DB>, month: string, ids?: readonly string[]): Promise<SnapshotKey[]> {
  if (ids !== undefined && ids.length === 0) return [];
  let q = snapshotKeysQuery(db, month);
  if (ids !== undefined) q = q.where("keys.id", "in", [...ids]);
  return (await q.execute()).map(toSnapshotKey);
}

/** Every key with its spend in `month`: the rows of toSnapshotKey. */
export function snapshotKeysQuery(db: Kysely<DB>, month: string) {
  return db
    .selectFrom("keys")
    .leftJoin("key_monthly_spend", (j) => j.onRef("key_monthly_spend.key_id", "=", "keys.id").on("key_monthly_spend.month", "=", month))
    .select([
      "keys.id",
      "keys.org_id",
      "keys.kind",
      "keys.name",
      "keys.hash",
      "keys.prefix",
      "keys.models",
      "keys.limits",
      "keys.spend_total_micros",
      "key_monthly_spend.spend_micros",
      // floor, not round: the same millisecond a Date parsed from the timestamp holds
      sql<string>`floor(extract(epoch from keys.created_at) * 1000)::int8`.as("created_at_ms"),
      sql<boolean>`keys.revoked_at is not null`.as("revoked"),
    ]);
}

export type SnapshotKeyRow = InferResult<ReturnType<typeof snapshotKeysQuery>>[number];

/** snapshotKeysQuery's columns in select order (ConsistentReader.eachValues checks them against the result). */
export const SNAPSHOT_KEY_COLUMNS = [
  "id",
  "org_id",
  "kind",
  "name",
  "hash",
  "prefix",
  "models",
  "limits",
  "spend_total_micros",
  "spend_micros",
  "created_at_ms",
  "revoked",
] as const satisfies readonly (keyof SnapshotKeyRow)[];

/** A row of snapshotKeysQuery from its values in the order of SNAPSHOT_KEY_COLUMNS. */
export function snapshotKeyRowOf(v: unknown[]): SnapshotKeyRow {
  return {
    id: v[0],
    org_id: v[1],
    kind: v[2],
    name: v[3],
    hash: v[4],
    prefix: v[5],
    models: v[6],
    limits: v[7],
    spend_total_micros: v[8],
    spend_micros: v[9],
    created_at_ms: v[10],
    revoked: v[11],
  } as SnapshotKeyRow;
}

export function toSnapshotKey(row: SnapshotKeyRow): SnapshotKey {
  const key = keyFields(row) as SnapshotKey;
  key.spendMonthMicros = toInt(row.spend_micros);
  key.createdAtMs = toInt(row.created_at_ms);
  key.revoked = row.revoked;
  return key;
}

/** Ids of every key of the organization, both kinds, revoked ones included. */
export async function listKeyIdsOfOrg(db: Kysely<DB>, orgId: string): Promise<string[]> {
  const rows = await db.selectFrom("keys").select("id").where("org_id", "=", orgId).execute();
  return rows.map((r) => r.id);
}

export async function findKeyByHash(db: Kysely<DB>, hash: string): Promise<StoredKey | undefined> {
  const row = await db.selectFrom("keys").selectAll().where("hash", "=", hash).executeTakeFirst();
  return row && toStoredKey(row);
}

export async function listKeysForOrg(db: Kysely<DB>, orgId: string, kind: KeyKind): Promise<StoredKey[]> {
  const rows = await db
    .selectFrom("keys")
    .selectAll()
    .where("org_id", "=", orgId)
    .where("kind", "=", kind)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toStoredKey);
}

export interface KeyChanges {
  name?: string;
  models?: string[] | null;
  limits?: Limits;
}

export async function updateKey(db: Kysely<DB>, id: string, changes: KeyChanges): Promise<StoredKey | undefined> {
  const set: KeyUpdate = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.models !== undefined) set.models = changes.models === null ? null : JSON.stringify(changes.models);
  if (changes.limits !== undefined) set.limits = JSON.stringify(changes.limits);
  if (Object.keys(set).length === 0) return findKeyById(db, id);
  const row = await db.updateTable("keys").set(set).where("id", "=", id).returningAll().executeTakeFirst();
  return row && toStoredKey(row);
}

/** Sets revoked_at unless already set, so the first revocation time is kept. `changed` is false on a repeat. */
export async function revokeKey(
  db: Kysely<DB>,
  id: string,
  at: Date,
): Promise<{ key: StoredKey; changed: boolean } | undefined> {
  const row = await db
    .updateTable("keys")
    .set({ revoked_at: at })
    .where("id", "=", id)
    .where("revoked_at", "is", null)
    .returningAll()
    .executeTakeFirst();
  if (row) return { key: toStoredKey(row), changed: true };
  const existing = await findKeyById(db, id);
  return existing && { key: existing, changed: false };
}

