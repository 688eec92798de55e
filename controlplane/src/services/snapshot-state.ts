import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { KeyEntry, Limits as PbLimits, OrgEntry } from "../../../proto/messages.ts";
import * as keys from "../db/repositories/keys.ts";
import type { SnapshotKey } from "../db/repositories/keys.ts";
import * as orgs from "../db/repositories/organizations.ts";
import type { Organization } from "../db/repositories/organizations.ts";
import * as usageEvents from "../db/repositories/usage-events.ts";
import { readConsistently } from "../db/consistent-read.ts";
import { toInt } from "../db/int.ts";
import type { DB, SqlNumber } from "../db/schema.ts";
import type { Limits } from "../limits.ts";
import { utcMonth } from "../month.ts";

/** How far back a snapshot lists a replica's applied events (must exceed its spool replay and bus latency). */
export const APPLIED_EVENTS_WINDOW_MS = 10 * 60_000;

export interface Entries {
  orgs: OrgEntry[];
  keys: KeyEntry[];
}

/** Where readEntries hands each entry as it is read. */
export interface EntrySink {
  org(entry: OrgEntry): void;
  key(entry: KeyEntry): void;
}

/**
 * Every organization and every key of both kinds (revoked ones with revoked=true, so a replica drops them), with
 * spend in the UTC month of `now`, read in one transaction and handed to `sink` one by one (on Postgres, as the
 * rows arrive). A snapshot's applied event ids come apart (listRecentAppliedEventIds); the publisher makes the two
 * agree (SnapshotPublisher).
 */
export async function readEntries(db: Kysely<DB>, sink: EntrySink, now: Date = new Date()): Promise<void> {
  const month = utcMonth(now);
  // repeatable read: organizations' balances and keys' spends from one moment
  await readConsistently(db, async (r) => {
    for (const row of await r.all(orgs.organizationsQuery(db))) sink.org(toOrgEntry(orgs.toOrganization(row)));
    await r.each(keys.snapshotKeysQuery(db, month), (row) => sink.key(toKeyEntry(keys.toSnapshotKey(row), month)));
  });
}

/** readEntries, collected. */
export async function loadEntries(db: Kysely<DB>, now: Date = new Date()): Promise<Entries> {
  const entries: Entries = { orgs: [], keys: [] };
  await readEntries(db, { org: (o) => entries.orgs.push(o), key: (k) => entries.keys.push(k) }, now);
  return entries;
}

/** How many organizations and keys the database holds (a kept copy with other counts has missed a change). */
export async function countEntries(db: Kysely<DB>): Promise<{ orgs: number; keys: number }> {
  const r = await sql<{ orgs: SqlNumber; keys: SqlNumber }>`select (select count(*) from organizations) as orgs, (select count(*) from keys) as keys`.execute(db);
  const row = r.rows[0];
  return { orgs: toInt(row?.orgs), keys: toInt(row?.keys) };
}

/** The replica's events applied in the last ten minutes: those a balance read now may already include. */
export function listRecentAppliedEventIds(db: Kysely<DB>, replicaId: string, now: Date = new Date()): Promise<string[]> {
  return usageEvents.listAppliedEventIds(db, replicaId, new Date(now.getTime() - APPLIED_EVENTS_WINDOW_MS));
}

export async function loadOrgEntry(db: Kysely<DB>, orgId: string): Promise<OrgEntry | undefined> {
  return (await loadOrgEntries(db, [orgId]))[0];
}

/**
 * The entries of the organizations that exist among `orgIds`, in that order: one query per 5,000, not one per
 * organization (a usage batch touching fifty organizations was fifty statements before its delta could leave).
 */
export async function loadOrgEntries(db: Kysely<DB>, orgIds: readonly string[]): Promise<OrgEntry[]> {
  const out: OrgEntry[] = [];
  for (let i = 0; i < orgIds.length; i += IDS_PER_QUERY) {
    const ids = orgIds.slice(i, i + IDS_PER_QUERY);
    const found = new Map((await orgs.findOrganizations(db, ids)).map((o) => [o.id, o]));
    for (const id of ids) {
      const org = found.get(id);
      if (org) out.push(toOrgEntry(org));
    }
  }
  return out;
}

export async function loadKeyEntry(db: Kysely<DB>, keyId: string, now: Date = new Date()): Promise<KeyEntry | undefined> {
  return (await loadKeyEntries(db, [keyId], now))[0];
}

/** Ids per query of loadKeyEntries and loadOrgEntries (a statement takes at most 65,535 parameters). */
const IDS_PER_QUERY = 5_000;

/**
 * The entries of the keys that exist among `keyIds`, in that order: one query per 5,000 keys, not one per key
 * (a delta after a burst of usage or a bulk change names thousands).
 */
export async function loadKeyEntries(db: Kysely<DB>, keyIds: readonly string[], now: Date = new Date()): Promise<KeyEntry[]> {
  const month = utcMonth(now);
  const out: KeyEntry[] = [];
  for (let i = 0; i < keyIds.length; i += IDS_PER_QUERY) {
    const ids = keyIds.slice(i, i + IDS_PER_QUERY);
    const found = new Map((await keys.listSnapshotKeys(db, month, ids)).map((k) => [k.id, k]));
    for (const id of ids) {
      const key = found.get(id);
      if (key) out.push(toKeyEntry(key, month));
    }
  }
  return out;
}

function toOrgEntry(org: Organization): OrgEntry {
  return { id: org.id, name: org.name, balanceMicros: org.balanceMicros };
}

function toKeyEntry(key: SnapshotKey, month: string): KeyEntry {
  return {
    id: key.id,
    hash: key.hash,
    orgId: key.orgId,
    kind: key.kind,
    name: key.name,
    allModels: key.models === null,
    models: key.models ?? [],
    limits: toPbLimits(key.limits),
    month,
    spendMonthMicros: key.spendMonthMicros,
    spendTotalMicros: key.spendTotalMicros,
    revoked: key.revoked,
    prefix: key.prefix,
    createdAtMs: key.createdAtMs,
  };
}

/** Unset fields stay absent (proto3 optional): absent means unlimited, and 0 is a real limit. */
function toPbLimits(limits: Limits): PbLimits {
  const out: PbLimits = {};
  if (limits.monthly_budget_micros !== undefined) out.monthlyBudgetMicros = limits.monthly_budget_micros;
  if (limits.total_budget_micros !== undefined) out.totalBudgetMicros = limits.total_budget_micros;
  if (limits.requests_per_minute !== undefined) out.requestsPerMinute = limits.requests_per_minute;
  if (limits.tokens_per_minute !== undefined) out.tokensPerMinute = limits.tokens_per_minute;
  return out;
}
