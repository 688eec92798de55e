import type { Kysely } from "kysely";
import { toInt, toIntOrNull } from "../int.ts";
import type { DB, NewUsageEvent, UsageEventRow } from "../schema.ts";

export interface StoredUsageEvent {
  id: string;
  orgId: string;
  keyId: string;
  provider: string;
  model: string;
  endpoint: string;
  status: number;
  streamed: boolean;
  /** null: not reported by the provider (not the same as 0) */
  inputTokens: number | null;
  outputTokens: number | null;
  cachedInputTokens: number | null;
  cacheWriteTokens: number | null;
  reasoningTokens: number | null;
  costMicros: number;
  latencyMs: number;
  upstreamLatencyMs: number;
  errorCode: string | null;
  replicaId: string;
  requestId: string;
  createdAt: Date;
  appliedAt: Date;
}

function toStored(r: UsageEventRow): StoredUsageEvent {
  return {
    id: r.id,
    orgId: r.org_id,
    keyId: r.key_id,
    provider: r.provider,
    model: r.model,
    endpoint: r.endpoint,
    status: r.status,
    streamed: r.streamed,
    inputTokens: toIntOrNull(r.input_tokens),
    outputTokens: toIntOrNull(r.output_tokens),
    cachedInputTokens: toIntOrNull(r.cached_input_tokens),
    cacheWriteTokens: toIntOrNull(r.cache_write_tokens),
    reasoningTokens: toIntOrNull(r.reasoning_tokens),
    costMicros: toInt(r.cost_micros),
    latencyMs: r.latency_ms,
    upstreamLatencyMs: r.upstream_latency_ms,
    errorCode: r.error_code,
    replicaId: r.replica_id,
    requestId: r.request_id,
    createdAt: r.created_at,
    appliedAt: r.applied_at,
  };
}

/** Inserts unless an event with this id exists; true when this call inserted it. */
export async function insertUsageEventIfNew(db: Kysely<DB>, event: NewUsageEvent): Promise<boolean> {
  const row = await db
    .insertInto("usage_events")
    .values(event)
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts the events whose id is not stored yet; returns the ids this call inserted. */
export async function insertUsageEventsIfNew(db: Kysely<DB>, events: readonly NewUsageEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const rows = await db
    .insertInto("usage_events")
    .values([...events])
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function findUsageEvent(db: Kysely<DB>, id: string): Promise<StoredUsageEvent | undefined> {
  const row = await db.selectFrom("usage_events").selectAll().where("id", "=", id).executeTakeFirst();
  return row && toStored(row);
}

/** Ids of one replica's events applied at or after `since` (served in snapshots so the replica drops them from pending). */
export async function listAppliedEventIds(db: Kysely<DB>, replicaId: string, since: Date): Promise<string[]> {
  const rows = await db
    .selectFrom("usage_events")
    .select("id")
    .where("replica_id", "=", replicaId)
    .where("applied_at", ">=", since)
    .orderBy("applied_at")
    .execute();
  return rows.map((r) => r.id);
}
