import type { Kysely } from "kysely";
import { z } from "zod";
import type { UsageEvent } from "../../../proto/messages.ts";
import * as keySpend from "../db/repositories/key-spend.ts";
import * as keys from "../db/repositories/keys.ts";
import * as ledger from "../db/repositories/ledger.ts";
import * as orgs from "../db/repositories/organizations.ts";
import * as usageEvents from "../db/repositories/usage-events.ts";
import type { DB } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { ControlError } from "../errors.ts";
import { utcMonth } from "../month.ts";

const count = z.int().nonnegative().nullish();
const text = z.string().nullish();

/**
 * What a usage event must carry to be billed. protobufjs hands unset fields over as null or defaults; an event
 * without an id or a key cannot be applied idempotently and is refused.
 */
const usageEventSchema = z.object({
  id: z.string().min(1).max(200),
  keyId: z.string().min(1).max(200),
  orgId: text,
  replicaId: text,
  requestId: text,
  provider: text,
  model: text,
  endpoint: text,
  status: z.int().nullish(),
  streamed: z.boolean().nullish(),
  inputTokens: count,
  outputTokens: count,
  cachedInputTokens: count,
  cacheWriteTokens: count,
  reasoningTokens: count,
  costMicros: z.int().nonnegative().nullish(),
  latencyMs: count,
  upstreamLatencyMs: count,
  createdAtMs: z.int().nonnegative().nullish(),
  errorCode: text,
});

export interface AppliedUsage {
  /** false: this event id was applied before, nothing changed */
  applied: boolean;
  orgId: string;
  keyId: string;
}

const INT4_MAX = 2_147_483_647;

/**
 * Bills one usage event exactly once. In one transaction: record the event (idempotent on its id) and, only when it
 * is new, debit the organization (ledger entry + balance), add to the key's total and to its spend in the event's
 * UTC month. Zero-cost events are recorded too. The organization billed is the key's own, whatever the event says.
 * Throws ControlError('invalid_usage_event') for an event that can never be applied (retrying will not help).
 */
export async function applyUsageEvent(db: Kysely<DB>, event: UsageEvent, now: Date = new Date()): Promise<AppliedUsage> {
  const parsed = usageEventSchema.safeParse(event);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join(".") ?? "event";
    throw new ControlError("invalid_usage_event", `Usage event has an invalid '${field}'.`, { param: field });
  }
  const e = parsed.data;
  const cost = e.costMicros ?? 0;
  // An event without a time is billed now rather than dropped: losing money is worse than a month boundary.
  const createdAt = e.createdAtMs ? new Date(e.createdAtMs) : now;

  return inTransaction(db, async (trx) => {
    const key = await keys.findKeyById(trx, e.keyId);
    if (!key) throw new ControlError("invalid_usage_event", "Usage event names an unknown key.", { param: "keyId" });
    const inserted = await usageEvents.insertUsageEventIfNew(trx, {
      id: e.id,
      org_id: key.orgId,
      key_id: key.id,
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
      cost_micros: cost,
      latency_ms: Math.min(e.latencyMs ?? 0, INT4_MAX),
      upstream_latency_ms: Math.min(e.upstreamLatencyMs ?? 0, INT4_MAX),
      error_code: e.errorCode ? e.errorCode : null,
      replica_id: e.replicaId ?? "",
      request_id: e.requestId ?? "",
      created_at: createdAt,
    });
    if (!inserted) return { applied: false, orgId: key.orgId, keyId: key.id };
    await ledger.insertLedgerEntry(trx, {
      orgId: key.orgId,
      keyId: key.id,
      kind: "usage",
      amountMicros: -cost,
      usageEventId: e.id,
    });
    if (cost !== 0) {
      await orgs.addToBalance(trx, key.orgId, -cost);
      await keys.addToSpendTotal(trx, key.id, cost);
    }
    await keySpend.addMonthlySpend(trx, key.id, utcMonth(createdAt), cost);
    return { applied: true, orgId: key.orgId, keyId: key.id };
  });
}
