import type { Kysely } from "kysely";
import { KEY_PREFIX, displayPrefix, generateKey, hashKey, keyKindOf, sameHash } from "../../../proto/key-hash.ts";
import * as keySpend from "../db/repositories/key-spend.ts";
import * as keys from "../db/repositories/keys.ts";
import type { StoredKey } from "../db/repositories/keys.ts";
import type { DB, KeyKind } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { ControlError, safeEcho } from "../errors.ts";
import { newId } from "../ids.ts";
import { mergeLimits } from "../limits.ts";
import type { Limits, LimitsInput } from "../limits.ts";
import { utcMonth } from "../month.ts";

/** Canonical slug for a slug or alias; undefined when the catalog does not carry it. */
export type ResolveModel = (idOrAlias: string) => string | undefined;

/** A stored key plus its spend in the current UTC month. */
export interface KeyView extends StoredKey {
  month: string;
  spendMonthMicros: number;
}

export interface KeyInput {
  name?: string | undefined;
  /** slugs or aliases; null or absent = every model */
  models?: readonly string[] | null | undefined;
  limits?: LimitsInput | undefined;
}

/** Mints and stores a key; the plaintext exists only in the return value. A given plaintext is stored as is. */
export async function mintKey(
  db: Kysely<DB>,
  secret: string,
  input: { orgId: string; kind: KeyKind; name: string; models: string[] | null; limits: Limits; plaintext?: string },
): Promise<{ key: StoredKey; plaintext: string }> {
  const plaintext = input.plaintext ?? generateKey(input.kind);
  if (keyKindOf(plaintext) !== input.kind) {
    throw new ControlError("invalid_request_error", `A ${input.kind} key must start with ${KEY_PREFIX[input.kind]}.`);
  }
  const hash = hashKey(secret, plaintext);
  if (input.plaintext !== undefined && (await keys.findKeyByHash(db, hash))) {
    throw new ControlError("key_already_exists", "That key is already registered.");
  }
  const key = await keys.insertKey(db, {
    id: newId("key"),
    orgId: input.orgId,
    kind: input.kind,
    name: input.name,
    hash,
    prefix: displayPrefix(plaintext),
    models: input.models,
    limits: input.limits,
  });
  return { key, plaintext };
}

/** Maps slugs and aliases to canonical slugs (deduplicated, order kept); an unknown model is a 400 naming it. */
export function canonicalModels(models: readonly string[], resolveModel: ResolveModel): string[] {
  const out = new Set<string>();
  models.forEach((m, i) => {
    const slug = resolveModel(m);
    if (slug === undefined) {
      throw new ControlError("model_not_found", `The model '${safeEcho(m)}' does not exist.`, { param: `models[${i}]` });
    }
    out.add(slug);
  });
  return [...out];
}

export async function createKey(
  db: Kysely<DB>,
  secret: string,
  orgId: string,
  input: KeyInput,
  resolveModel: ResolveModel,
  now: Date = new Date(),
): Promise<{ key: KeyView; plaintext: string }> {
  const models = input.models == null ? null : canonicalModels(input.models, resolveModel);
  const limits = mergeLimits({}, input.limits ?? {});
  const { key, plaintext } = await mintKey(db, secret, { orgId, kind: "inference", name: input.name ?? "", models, limits });
  return { key: { ...key, month: utcMonth(now), spendMonthMicros: 0 }, plaintext };
}

/** The organization's inference keys, revoked ones included (they show revoked_at). */
export async function listKeys(db: Kysely<DB>, orgId: string, now: Date = new Date()): Promise<KeyView[]> {
  const month = utcMonth(now);
  const list = await keys.listKeysForOrg(db, orgId, "inference");
  const spend = await keySpend.findMonthlySpendForKeys(db, list.map((k) => k.id), month);
  return list.map((k) => ({ ...k, month, spendMonthMicros: spend.get(k.id) ?? 0 }));
}

/** An inference key of `orgId`; a key of another organization is reported exactly like a missing one. */
export async function getKey(db: Kysely<DB>, orgId: string, keyId: string, now: Date = new Date()): Promise<KeyView> {
  const key = await ownedKey(db, orgId, keyId);
  return withMonthSpend(db, key, now);
}

export async function patchKey(
  db: Kysely<DB>,
  orgId: string,
  keyId: string,
  patch: KeyInput,
  resolveModel: ResolveModel,
  now: Date = new Date(),
): Promise<KeyView> {
  const models = patch.models === undefined ? undefined : patch.models === null ? null : canonicalModels(patch.models, resolveModel);
  const updated = await inTransaction(db, async (trx) => {
    const key = await ownedKey(trx, orgId, keyId);
    const limits = patch.limits === undefined ? undefined : mergeLimits(key.limits, patch.limits);
    const changes: keys.KeyChanges = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (models !== undefined) changes.models = models;
    if (limits !== undefined) changes.limits = limits;
    return (await keys.updateKey(trx, keyId, changes)) ?? key;
  });
  return withMonthSpend(db, updated, now);
}

/** Idempotent: revoking a revoked key returns it unchanged (`changed` false). */
export async function revokeKey(
  db: Kysely<DB>,
  orgId: string,
  keyId: string,
  now: Date = new Date(),
): Promise<{ key: KeyView; changed: boolean }> {
  await ownedKey(db, orgId, keyId);
  return revokeKeyById(db, keyId, now);
}

/** Revokes any key by id, without an ownership check (the caller has proven it holds the key). */
export async function revokeKeyById(
  db: Kysely<DB>,
  keyId: string,
  now: Date = new Date(),
): Promise<{ key: KeyView; changed: boolean }> {
  const result = await keys.revokeKey(db, keyId, now);
  if (!result) throw new ControlError("key_not_found", "No such key.", { param: "id" });
  return { key: await withMonthSpend(db, result.key, now), changed: result.changed };
}

/** The stored key for a plaintext, revoked or not; undefined when unknown. */
export async function lookupKey(db: Kysely<DB>, secret: string, plaintext: string): Promise<StoredKey | undefined> {
  if (plaintext.length === 0 || plaintext.length > 512) return undefined;
  const hash = hashKey(secret, plaintext);
  const key = await keys.findKeyByHash(db, hash);
  return key && sameHash(key.hash, hash) ? key : undefined;
}

/** A live (not revoked) key for a plaintext, or undefined. */
export async function authenticate(db: Kysely<DB>, secret: string, plaintext: string): Promise<StoredKey | undefined> {
  const key = await lookupKey(db, secret, plaintext);
  return key && key.revokedAt === null ? key : undefined;
}

async function ownedKey(db: Kysely<DB>, orgId: string, keyId: string): Promise<StoredKey> {
  const key = await keys.findKeyById(db, keyId);
  if (!key || key.orgId !== orgId || key.kind !== "inference") {
    throw new ControlError("key_not_found", "No such key.", { param: "id" });
  }
  return key;
}

async function withMonthSpend(db: Kysely<DB>, key: StoredKey, now: Date): Promise<KeyView> {
  const month = utcMonth(now);
  return { ...key, month, spendMonthMicros: await keySpend.findMonthlySpend(db, key.id, month) };
}
