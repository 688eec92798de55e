import type { Model } from "../../../catalog/src/index.ts";
import type { KeyEntry, UsageEvent } from "../../../proto/messages.ts";
import { utcMonth } from "../admission/admit.ts";
import type { Reservation } from "../admission/spend-tracker.ts";
import type { DataPlaneDeps } from "../deps.ts";
import type { Billing } from "../http/access-log.ts";
import type { Usage } from "../providers/types.ts";
import { costMicros } from "./cost.ts";

export interface Outcome {
  status: number;
  streamed: boolean;
  usage: Usage | undefined;
  /** Used when the provider reported no usage (a stream cut short, a provider that omits it). */
  estimate: () => Usage;
  errorCode?: string;
  /** The provider produced no billable work (it refused before generating). */
  unbilled?: boolean;
  upstreamLatencyMs: number;
}

/**
 * Closes the books on one admitted request, exactly once: prices what it used, turns its reservation into
 * pending usage, and emits its one usage event. What it settled is read back for the request's access line.
 */
export class RequestMeter implements Billing {
  #done = false;
  costMicros = 0;
  upstreamMs: number | undefined;
  errorCode: string | undefined;

  constructor(
    private readonly deps: DataPlaneDeps,
    private readonly key: KeyEntry,
    private readonly model: Model,
    private readonly reservation: Reservation,
    private readonly requestId: string,
    private readonly endpoint: string,
    private readonly startedAtMs: number,
  ) {}

  get keyId(): string {
    return this.key.id ?? "";
  }

  get orgId(): string {
    return this.key.orgId ?? "";
  }

  get modelSlug(): string {
    return this.model.slug;
  }

  get provider(): string {
    return this.model.provider;
  }

  finish(o: Outcome): number {
    if (this.#done) return 0;
    this.#done = true;
    const usage = o.unbilled ? {} : (o.usage ?? o.estimate());
    const cost = o.unbilled ? 0 : costMicros(this.model, usage);
    this.costMicros = cost;
    this.upstreamMs = o.upstreamLatencyMs;
    this.errorCode = o.errorCode;
    const now = Date.now();
    // one event per admitted request, so the request's id (unique across replicas and restarts) names its event
    const id = this.requestId;
    const orgId = this.key.orgId ?? "";
    const keyId = this.key.id ?? "";
    if (cost > 0) this.deps.tracker.recordPendingOf(this.reservation, id, cost, utcMonth(now));
    this.deps.tracker.release(this.reservation);
    this.deps.rateLimiter.recordTokens(keyId, (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0), now);
    const event: UsageEvent = {
      id,
      replicaId: this.deps.config.replicaId,
      requestId: this.requestId,
      keyId,
      orgId,
      provider: this.model.provider,
      model: this.model.slug,
      endpoint: this.endpoint,
      status: o.status,
      streamed: o.streamed,
      costMicros: cost,
      latencyMs: now - this.startedAtMs,
      upstreamLatencyMs: o.upstreamLatencyMs,
      createdAtMs: now,
      errorCode: o.errorCode ?? "",
    };
    if (usage.inputTokens !== undefined) event.inputTokens = usage.inputTokens;
    if (usage.outputTokens !== undefined) event.outputTokens = usage.outputTokens;
    if (usage.cachedInputTokens !== undefined) event.cachedInputTokens = usage.cachedInputTokens;
    if (usage.cacheWriteTokens !== undefined) event.cacheWriteTokens = usage.cacheWriteTokens;
    if (usage.reasoningTokens !== undefined) event.reasoningTokens = usage.reasoningTokens;
    this.deps.usage.publish(event);
    this.deps.metrics.requests.forRequest(this.endpoint, this.model.provider).record({
      status: o.status,
      upstreamMs: o.upstreamLatencyMs,
      overheadMs: Math.max(0, now - this.startedAtMs - o.upstreamLatencyMs),
      inputTokens: usage.inputTokens ?? 0,
      outputTokens: usage.outputTokens ?? 0,
      costMicros: cost,
    });
    return cost;
  }
}
