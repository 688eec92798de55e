import type { StatusFeed } from "./poller.ts";

export { REPORTED_STATUSES, parseStatuspage, type ReportedStatus } from "./parse.ts";
export { MAX_BODY_BYTES, MAX_REDIRECTS } from "./fetch-feed.ts";
export {
  DEFAULT_INTERVAL_MS,
  DEFAULT_MAX_AGE_MS,
  DEFAULT_TIMEOUT_MS,
  StatusFeedPoller,
  type StatusFeed,
  type StatusFeedPollerOptions,
} from "./poller.ts";

/** `openai` → `OPENAI_STATUS_FEED_URL`, `black-forest-labs` → `BLACK_FOREST_LABS_STATUS_FEED_URL`. */
export function feedEnvVar(namespace: string): string {
  return `${namespace.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_STATUS_FEED_URL`;
}

/**
 * The feeds to poll: each provider's catalog `status_feed`, unless `<NAMESPACE>_STATUS_FEED_URL` is set, which
 * replaces it (a mirror, a proxy, a local server in tests; it may also add a feed the catalog lacks) or, set
 * to the empty string, turns it off. A set variable that is not an http(s) URL is a configuration error, thrown
 * at startup rather than showing up later as a feed that is quietly null.
 */
export function feedsFromCatalog(
  providers: Iterable<{ namespace: string; status_feed: string | null }>,
  env: Readonly<Record<string, string | undefined>> = process.env,
): StatusFeed[] {
  const feeds: StatusFeed[] = [];
  for (const p of providers) {
    const name = feedEnvVar(p.namespace);
    const override = env[name];
    const url = override === undefined ? p.status_feed : override;
    if (url === null || url === "") continue;
    if (override !== undefined && !isHttpUrl(override)) throw new Error(`invalid configuration: ${name} must be an http or https URL`);
    feeds.push({ slug: p.namespace, url });
  }
  return feeds;
}

function isHttpUrl(s: string): boolean {
  try {
    const u = new URL(s);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}
