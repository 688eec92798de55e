import type { Kysely } from "kysely";
import type { UsageEvent } from "../../../proto/messages.ts";
import { billUsageEvents, type BilledUsage, type UsageToBill } from "../db/repositories/usage-billing.ts";
import type { DB } from "../db/schema.ts";
import { ControlError } from "../errors.ts";
import { utcMonth } from "../month.ts";
import { INT4_MAX, readUsageEvent, type UsageEventFields } from "./usage-event-fields.ts";

export interface AppliedUsage {
  /** false: this event id was applied before, nothing changed */
  applied: boolean;
  orgId: string;
  keyId: string;
}

export interface AppliedBatch {
  /** One per valid event, in order (duplicates of one id inside the batch: the first applies, the rest not). */
  applied: (AppliedUsage & { id: string })[];
  /** Events that can never be applied (retrying will not help): reported, not retried. */
  poison: { index: number; reason: string }[];
}

/**
 * Bills one usage event exactly once; see applyUsageEvents.
 * Throws ControlError('invalid_usage_event') for an event that can never be applied.
 */
export async function applyUsageEvent(db: Kysely<DB>, event: UsageEvent, now: Date = new Date()): Promise<AppliedUsage> {
  const r = await applyUsageEvents(db, [event], now);
  const bad = r.poison[0];
  if (bad) throw new ControlError("invalid_usage_event", bad.reason, { param: "event" });
  const { applied, orgId, keyId } = r.applied[0]!;
  return { applied, orgId, keyId };
}

/**
 * Bills a batch of usage events exactly once, in ONE statement (usage-billing.ts): record each event (idempotent
 * on its id) and, only for those new, debit the organization (ledger entries + balance), add to the key's total
 * and to its spend in the event's UTC month. Zero-cost events are recorded too. The organization billed is the
 * key's own, whatever the event says. A batch keeps the ledger's write rate far above the request rate of many
 * replicas.
 */
export async function applyUsageEvents(db: Kysely<DB>, events: readonly UsageEvent[], now: Date = new Date()): Promise<AppliedBatch> {
  const poison: AppliedBatch["poison"] = [];
  const valid: { index: number; e: UsageEventFields }[] = [];
  events.forEach((event, index) => {
    const read = readUsageEvent(event);
    if ("fields" in read) valid.push({ index, e: read.fields });
    else poison.push({ index, reason: `Usage event has an invalid '${read.refused}'.` });
  });
  if (valid.length === 0) return { applied: [], poison };

  const rows: UsageToBill[] = [];
  const seen = new Set<string>();
  for (const { e } of valid) {
    if (seen.has(e.id)) continue;
    seen.add(e.id);
    // An event without a time is billed now rather than dropped: losing money is worse than a month boundary.
    const createdAt = e.createdAtMs ? new Date(e.createdAtMs) : now;
    rows.push({
      id: e.id,
      key_id: e.keyId,
      provider: e.provider ?? "",
      model: e.model ?? "",
      endpoint: e.endpoint ?? "",
      status: e.status ?? 0,
      streamed: e.streamed ?? false,
      input_tokens: e.inputTokens ?? null,
      output_tokens: e.outputTokens ?? null,
      cached_input_tokens: e.cachedInputTokens ?? null,
      cache_write_tokens: e.cacheWriteTokens ?? null,
      reasoning_tokens: e.reasoningTokens ?? null,
      cost_micros: e.costMicros ?? 0,
      latency_ms: Math.min(e.latencyMs ?? 0, INT4_MAX),
      upstream_latency_ms: Math.min(e.upstreamLatencyMs ?? 0, INT4_MAX),
      error_code: e.errorCode ? e.errorCode : null,
      replica_id: e.replicaId ?? "",
      request_id: e.requestId ?? "",
      created_at: createdAt,
      month: utcMonth(createdAt),
    });
  }
  const { billed, refused } = await billIsolatingRefusals(db, rows);
  // one answer per valid event, in order; a repeat of an id inside the batch is answered too (applied: false), so
  // its replica stops counting it as pending
  const applied: AppliedBatch["applied"] = [];
  const answered = new Set<string>();
  for (const { index, e } of valid) {
    const b = billed.get(e.id);
    const why = refused.get(e.id);
    if (why !== undefined) poison.push({ index, reason: `The ledger refused the usage event (${why}).` });
    else if (!b) poison.push({ index, reason: "Usage event names an unknown key." });
    else {
      applied.push({ id: e.id, applied: b.inserted && !answered.has(e.id), orgId: b.orgId, keyId: e.keyId });
      answered.add(e.id);
    }
  }
  return { applied, poison };
}

/**
 * Bills the rows in one statement; if the database refuses it for what one row holds (a data exception or a
 * constraint, SQLSTATE classes 22 and 23), bills them one at a time and returns the ones it refuses, with the
 * code. The schema above refuses everything known to fail, so this is the net under it: a row the database will
 * never take would otherwise fail its batch on every redelivery and stop billing for everyone. Any other failure
 * (connection lost, serialisation, a transaction already aborted) is thrown, and the batch is retried whole.
 */
async function billIsolatingRefusals(db: Kysely<DB>, rows: readonly UsageToBill[]): Promise<{ billed: Map<string, BilledUsage>; refused: Map<string, string> }> {
  const refused = new Map<string, string>();
  try {
    return { billed: await billUsageEvents(db, rows), refused };
  } catch (err) {
    if (refusalCode(err) === undefined) throw err;
  }
  const billed = new Map<string, BilledUsage>();
  for (const row of rows) {
    try {
      for (const [id, b] of await billUsageEvents(db, [row])) billed.set(id, b);
    } catch (err) {
      const code = refusalCode(err);
      if (code === undefined) throw err;
      refused.set(row.id, `SQLSTATE ${code}`);
    }
  }
  return { billed, refused };
}

/** The SQLSTATE of an error that is the data's fault (classes 22 and 23); undefined for any other. */
function refusalCode(err: unknown): string | undefined {
  const code = typeof err === "object" && err !== null ? (err as { code?: unknown }).code : undefined;
  return typeof code === "string" && /^2[23][0-9A-Z]{3}$/.test(code) ? code : undefined;
}
