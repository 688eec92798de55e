import { z } from "zod";

/**
 * What a provider says about itself, in the Statuspage component vocabulary, so GET /status can show it as
 * published (SPEC 2.3 providers[].reportedStatus). health.ts treats anything but "operational" as a problem.
 */
export const REPORTED_STATUSES = ["operational", "degraded_performance", "partial_outage", "major_outage", "under_maintenance"] as const;
export type ReportedStatus = (typeof REPORTED_STATUSES)[number];

/** Atlassian's page-level indicator (incident.io serves the same field on its compatible endpoint). */
const indicator = z.enum(["none", "minor", "major", "critical", "maintenance"]);

const BY_INDICATOR: Readonly<Record<z.infer<typeof indicator>, ReportedStatus>> = {
  none: "operational",
  minor: "degraded_performance",
  major: "partial_outage",
  critical: "major_outage",
  maintenance: "under_maintenance",
};

// Only the fields we read; everything else on the page is ignored so new fields never break the feed.
const wire = z.object({
  status: z.object({ indicator }),
  // Only summary.json has components. They only add maintenance to an indicator of "none", so a malformed
  // list (or one malformed entry, checked one by one below) must not hide the page's own indicator.
  components: z.array(z.unknown()).optional().catch(undefined),
});

const component = z.object({ status: z.literal("under_maintenance") });

/**
 * A Statuspage `/api/v2/status.json` or `/api/v2/summary.json` body, as response text or as the value decoded
 * from it, to the provider's reported status; null for anything else (HTML, garbage, wrong shape, an indicator
 * we do not know). Never throws: an unreadable feed is "no report", never a degradation (SPEC 2.3 rule 3).
 */
export function parseStatuspage(body: unknown): ReportedStatus | null {
  const value = typeof body === "string" ? decodeJson(body) : body;
  const parsed = wire.safeParse(value);
  if (!parsed.success) return null;
  const { status, components } = parsed.data;
  // Scheduled maintenance in progress leaves the indicator at "none" and shows only on components.
  if (status.indicator === "none" && components?.some((c) => component.safeParse(c).success)) return "under_maintenance";
  return BY_INDICATOR[status.indicator];
}

function decodeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
