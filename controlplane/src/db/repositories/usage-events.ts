import { sql } from "kysely";
import type { Kysely } from "kysely";
import { toInt, toIntOrNull } from "../int.ts";
import type { DB, NewUsageEvent, UsageEventRow } from "../schema.ts";
import { unnestInsert, type UnnestColumn } from "../unnest.ts";

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
const USAGE_EVENT_COLUMNS: readonly UnnestColumn<NewUsageEvent>[] = [
  { name: "id", type: "text", value: (r) => r.id },
  { name: "org_id", type: "text", value: (r) => r.org_id },
  { name: "key_id", type: "text", value: (r) => r.key_id },
  { name: "provider", type: "text", value: (r) => r.provider },
  { name: "model", type: "text", value: (r) => r.model },
  { name: "endpoint", type: "text", value: (r) => r.endpoint },
  { name: "status", type: "integer", value: (r) => r.status },
  { name: "streamed", type: "boolean", value: (r) => r.streamed },
  { name: "input_tokens", type: "bigint", value: (r) => r.input_tokens ?? null },
  { name: "output_tokens", type: "bigint", value: (r) => r.output_tokens ?? null },
  { name: "cached_input_tokens", type: "bigint", value: (r) => r.cached_input_tokens ?? null },
  { name: "cache_write_tokens", type: "bigint", value: (r) => r.cache_write_tokens ?? null },
  { name: "reasoning_tokens", type: "bigint", value: (r) => r.reasoning_tokens ?? null },
  { name: "cost_micros", type: "bigint", value: (r) => r.cost_micros ?? null },
  { name: "latency_ms", type: "integer", value: (r) => r.latency_ms },
  { name: "upstream_latency_ms", type: "integer", value: (r) => r.upstream_latency_ms },
  { name: "error_code", type: "text", value: (r) => r.error_code ?? null },
  { name: "replica_id", type: "text", value: (r) => r.replica_id },
  { name: "request_id", type: "text", value: (r) => r.request_id },
  { name: "created_at", type: "timestamptz", value: (r) => r.created_at.toISOString() },
];

/** Inserts the events whose id is new; returns the ids inserted (one statement for the whole batch). */
export async function insertUsageEventsIfNew(db: Kysely<DB>, events: readonly NewUsageEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const r = await sql<{ id: string }>`${unnestInsert("usage_events", USAGE_EVENT_COLUMNS, events)} on conflict (id) do nothing returning id`.execute(db);
  return new Set(r.rows.map((row) => row.id));
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

/**
 * Per provider since `since`: requests the provider handled, and failures that are its fault. The gateway's own
 * refusals never reach the provider and are not usage of it; client mistakes (4xx) and the provider refusing the
 * gateway's credential are not the provider failing.
 */
export async function providerTraffic(db: Kysely<DB>, since: Date): Promise<Map<string, { total: number; failures: number }>> {
  const rows = await db
    .selectFrom("usage_events")
    .select((eb) => [
      "provider",
      eb.fn.countAll<string>().as("total"),
      eb.fn.count<string>(eb.case().when("error_code", "in", PROVIDER_FAULTS).then(1).end()).as("failures"),
    ])
    .where("created_at", ">=", since)
    .where((eb) => eb.or([eb("error_code", "is", null), eb("error_code", "in", [...PROVIDER_FAULTS, ...NOT_PROVIDER_FAULTS])]))
    .groupBy("provider")
    .execute();
  return new Map(rows.map((r) => [r.provider, { total: Number(r.total), failures: Number(r.failures) }]));
}

/** Error codes of the data plane that mean the provider failed (5xx, timeouts, resets, unreachable). */
const PROVIDER_FAULTS = ["upstream_error", "upstream_timeout"];
/** Requests the provider handled whose failure was not its own: the client's 4xx, a client that went away, rate limits and refusals of the gateway's credential. */
const NOT_PROVIDER_FAULTS = ["invalid_request_error", "client_disconnected", "upstream_rate_limited", "upstream_auth_failed"];
