import { sql } from "kysely";
import type { Kysely } from "kysely";
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

function toStoredKey(row: KeyRow): StoredKey {
  const models = modelsColumn.safeParse(row.models ?? null);
  return {
    id: row.id,
    orgId: row.org_id,
    kind: row.kind,
    name: row.name,
    hash: row.hash,
    prefix: row.prefix,
    // An unreadable allowlist must fail closed (no models), never open (every model).
    models: models.success ? models.data : [],
    limits: parseStoredLimits(row.limits),
    spendTotalMicros: toInt(row.spend_total_micros),
    createdAt: row.created_at,
    revokedAt: row.revoked_at,
  };
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

/** Includes revoked keys: callers decide what a revoked key may still do. */
export async function findKeysByIds(db: Kysely<DB>, ids: readonly string[]): Promise<Map<string, StoredKey>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom("keys").selectAll().where("id", "in", [...ids]).execute();
  return new Map(rows.map((r) => [r.id, toStoredKey(r)]));
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

export async function listAllKeys(db: Kysely<DB>): Promise<StoredKey[]> {
  const rows = await db.selectFrom("keys").selectAll().orderBy("id").execute();
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

export async function addToSpendTotal(db: Kysely<DB>, id: string, delta: number): Promise<void> {
  await db
    .updateTable("keys")
    .set({ spend_total_micros: sql<number>`spend_total_micros + ${delta}` })
    .where("id", "=", id)
    .execute();
}
