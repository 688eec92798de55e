/**
 * Provider health for GET /status (SPEC 2.3), as a pure function of recent traffic and each provider's own
 * report, so that every combination can be tested in a table.
 */
export interface ProviderTraffic {
  /** requests the provider answered or failed in the window */
  total: number;
  /** of those, failures that are the provider's fault (5xx, timeouts, connection failures) */
  failures: number;
}

export type Sample = "none" | "low" | "normal";
export type ObservedStatus = "ok" | "degraded" | "unknown";

/** Below this many requests in the window, a verdict rests on a low sample. */
export const LOW_SAMPLE_BELOW = 20;
/** At or above this share of provider-fault failures, a provider is degraded. */
export const DEGRADED_FAILURE_RATIO = 0.25;
export const WINDOW_MINUTES = 15;

export function sampleOf(t: ProviderTraffic | undefined): Sample {
  const n = t?.total ?? 0;
  if (n === 0) return "none";
  return n < LOW_SAMPLE_BELOW ? "low" : "normal";
}

export function observedStatus(t: ProviderTraffic | undefined): ObservedStatus {
  if (!t || t.total === 0) return "unknown";
  return t.failures / t.total >= DEGRADED_FAILURE_RATIO ? "degraded" : "ok";
}

/** A provider's own report is a problem unless it says operational; null (no feed, unreadable) never is. */
export function reportsProblem(reported: string | null): boolean {
  return reported !== null && reported !== "operational";
}

export interface ProviderStatus {
  slug: string;
  status: ObservedStatus;
  sample: Sample;
  reportedStatus: string | null;
  statusPage: string | null;
}

export interface StatusPayload {
  status: "ok" | "degraded";
  windowMinutes: number;
  providers: ProviderStatus[];
}

/**
 * Rules 2–4: observed health wins; a provider's report matters only when nothing was observed; unknown alone is
 * not degraded; the aggregate is degraded when a provider is observed degraded, or is unknown and reports a
 * problem itself.
 */
export function statusPayload(
  providers: readonly { slug: string; statusPage: string | null; reportedStatus: string | null }[],
  traffic: ReadonlyMap<string, ProviderTraffic>,
  windowMinutes = WINDOW_MINUTES,
): StatusPayload {
  const rows = providers.map((p): ProviderStatus => {
    const t = traffic.get(p.slug);
    return { slug: p.slug, status: observedStatus(t), sample: sampleOf(t), reportedStatus: p.reportedStatus, statusPage: p.statusPage };
  });
  const degraded = rows.some((r) => r.status === "degraded" || (r.status === "unknown" && reportsProblem(r.reportedStatus)));
  return { status: degraded ? "degraded" : "ok", windowMinutes, providers: rows };
}
