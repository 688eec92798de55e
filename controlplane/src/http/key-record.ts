import { wireLimits } from "../limits.ts";
import type { WireLimits } from "../limits.ts";
import type { KeyView } from "../services/keys.ts";

/** A key as the management API shows it: never the plaintext or its hash. Times are ISO 8601 UTC. */
export interface KeyRecord {
  id: string;
  name: string;
  prefix: string;
  /** canonical slugs; null = every model */
  models: string[] | null;
  limits: WireLimits;
  created_at: string;
  revoked_at: string | null;
  spend_this_month_micros: number;
  spend_total_micros: number;
}

export function toKeyRecord(key: KeyView): KeyRecord {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    models: key.models,
    limits: wireLimits(key.limits),
    created_at: key.createdAt.toISOString(),
    revoked_at: key.revokedAt === null ? null : key.revokedAt.toISOString(),
    spend_this_month_micros: key.spendMonthMicros,
    spend_total_micros: key.spendTotalMicros,
  };
}
