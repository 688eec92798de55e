import type { Kysely } from "kysely";
import { providerTraffic } from "../db/repositories/usage-events.ts";
import type { DB } from "../db/schema.ts";
import { WINDOW_MINUTES, statusPayload, type StatusPayload } from "../services/health.ts";
import type { ControlRequest, ControlResponse } from "./types.ts";

/** The one endpoint any origin may read (SPEC 1.8): no credential, the same payload for every caller. */
const CORS = Object.freeze({
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, HEAD, OPTIONS",
  "access-control-allow-headers": "content-type",
  "access-control-max-age": "600",
});

/** How long a request waits for a fresh verdict before it is answered from the last one. */
const ANSWER_WITHIN_MS = 1_500;

export interface StatusDeps {
  db: Kysely<DB>;
  providers: readonly { slug: string; statusPage: string | null }[];
  /** The provider's own published status, once feeds are read; null: no feed or unreadable. */
  reportedStatus?: (slug: string) => string | null;
  now?: () => Date;
  /** Where recent traffic comes from (default: the usage_events table). */
  loadTraffic?: (since: Date) => Promise<ReadonlyMap<string, { total: number; failures: number }>>;
}

/**
 * GET /status. A slow or failing database never hangs it: after ANSWER_WITHIN_MS the last computed verdict is
 * served (or, before the first one, every provider unknown).
 */
export function createStatusHandler(deps: StatusDeps): (req: ControlRequest) => Promise<ControlResponse> {
  const clock = deps.now ?? (() => new Date());
  const reported = deps.reportedStatus ?? (() => null);
  const providers = () => deps.providers.map((p) => ({ ...p, reportedStatus: reported(p.slug) }));
  let last: StatusPayload = statusPayload(providers(), new Map());
  let inflight: Promise<StatusPayload> | undefined;

  const refresh = (): Promise<StatusPayload> => {
    inflight ??= (deps.loadTraffic ?? ((since) => providerTraffic(deps.db, since)))(new Date(clock().getTime() - WINDOW_MINUTES * 60_000))
      .then((traffic) => (last = statusPayload(providers(), traffic)))
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  };

  return async (req) => {
    if (req.method === "OPTIONS") return { status: 204, headers: { ...CORS }, body: "" };
    if (req.method !== "GET" && req.method !== "HEAD") {
      return {
        status: 405,
        headers: { ...CORS, allow: "GET, HEAD, OPTIONS", "content-type": "application/json" },
        body: JSON.stringify({ error: { message: "Use GET on /status.", type: "invalid_request_error", param: null, code: "method_not_allowed" } }),
      };
    }
    let timer: NodeJS.Timeout | undefined;
    const fallback = new Promise<StatusPayload>((resolve) => {
      timer = setTimeout(() => resolve(last), ANSWER_WITHIN_MS);
    });
    const payload = await Promise.race([refresh().catch(() => last), fallback]);
    clearTimeout(timer);
    return { status: 200, headers: { ...CORS, "content-type": "application/json", "cache-control": "no-cache" }, body: req.method === "HEAD" ? "" : JSON.stringify(payload) };
  };
}
