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
    await r.eachValues(keys.snapshotKeysQuery(db, month), keys.SNAPSHOT_KEY_COLUMNS, (values) =>
      sink.key(toKeyEntry(keys.toSnapshotKey(keys.snapshotKeyRowOf(values)), month)),
    );
  });
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

/** The entries of the organizations that exist among `orgIds`, in that order (see inOrderAsked). */
export function loadOrgEntries(db: Kysely<DB>, orgIds: readonly string[]): Promise<OrgEntry[]> {
  return inOrderAsked(orgIds, (ids) => orgs.findOrganizations(db, ids), toOrgEntry);
}

/** The entries of the keys that exist among `keyIds`, in that order (see inOrderAsked). */
export function loadKeyEntries(db: Kysely<DB>, keyIds: readonly string[], now: Date = new Date()): Promise<KeyEntry[]> {
  const month = utcMonth(now);
  return inOrderAsked(keyIds, (ids) => keys.listSnapshotKeys(db, month, ids), (k) => toKeyEntry(k, month));
}

/** Ids per query of inOrderAsked (a statement takes at most 65,535 parameters). */
const IDS_PER_QUERY = 5_000;

/**
 * What `find` has for each of `ids`, in the order asked, missing ones left out: one query per 5,000 ids, not one
 * per id (a delta after a burst of usage or a bulk change names thousands of keys, and a batch touching fifty
 * organizations was fifty statements before its delta could leave).
 */
async function inOrderAsked<R extends { id: string }, E>(ids: readonly string[], find: (ids: string[]) => Promise<R[]>, entry: (row: R) => E): Promise<E[]> {
  const out: E[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_QUERY) {
    const chunk = ids.slice(i, i + IDS_PER_QUERY);
    const found = new Map((await find(chunk)).map((r) => [r.id, r]));
    for (const id of chunk) {
      const row = found.get(id);
      if (row) out.push(entry(row));
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
