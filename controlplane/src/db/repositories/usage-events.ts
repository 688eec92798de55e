import type { Kysely } from "kysely";
import { toInt, toIntOrNull } from "../int.ts";
import type { DB, UsageEventRow } from "../schema.ts";

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
