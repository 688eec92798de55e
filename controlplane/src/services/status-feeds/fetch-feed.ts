/**
 * One bounded GET of a status feed: JSON accepted, a few redirects, a capped body. Returns the body text or a
 * short reason; never throws, so a broken feed can only ever mean "no report" (SPEC 2.3 rule 3).
 */

/** A Statuspage summary.json of a large page is tens of KiB; anything far bigger is not a status feed. */
export const MAX_BODY_BYTES = 256 * 1024;
/** Hosts move their page (status.anthropic.com → status.claude.com); a chain longer than this is a loop. */
export const MAX_REDIRECTS = 3;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export type FeedBody = { ok: true; text: string } | { ok: false; reason: string };

export async function fetchFeed(url: string, fetchImpl: typeof fetch, signal: AbortSignal): Promise<FeedBody> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return { ok: false, reason: "bad url" };
  }
  try {
    for (let hop = 0; ; hop++) {
      // Redirects are followed by hand so that their number and their scheme stay under our control.
      const res = await fetchImpl(target, { headers: { accept: "application/json" }, redirect: "manual", signal });
      if (REDIRECT_STATUSES.has(res.status)) {
        discard(res);
        const location = res.headers.get("location");
        const next = location === null ? null : safeUrl(location, target);
        if (next === null || !isAllowedHop(target, next)) return { ok: false, reason: "bad redirect" };
        if (hop >= MAX_REDIRECTS) return { ok: false, reason: "too many redirects" };
        target = next;
        continue;
      }
      if (res.status < 200 || res.status > 299) {
        discard(res);
        return { ok: false, reason: `http ${res.status}` };
      }
      const text = await readCapped(res, MAX_BODY_BYTES);
      return text === null ? { ok: false, reason: "body too large" } : { ok: true, text };
    }
  } catch {
    // The cause (DNS, refused, reset, abort) is not worth more than this to an operator, and its message may
    // carry the URL.
    return { ok: false, reason: signal.aborted ? "timeout" : "network error" };
  }
}

function safeUrl(location: string, base: URL): URL | null {
  try {
    return new URL(location, base);
  } catch {
    return null;
  }
}

/** http(s) only, and never from https down to http. */
function isAllowedHop(from: URL, to: URL): boolean {
  if (to.protocol === "https:") return true;
  return to.protocol === "http:" && from.protocol === "http:";
}

/** Lets the connection go back to the pool without reading a body we do not want. */
function discard(res: Response): void {
  res.body?.cancel().catch(() => {});
}

/** The body as text, or null once it passes `limit` bytes (declared or actually sent). */
async function readCapped(res: Response, limit: number): Promise<string | null> {
  const declared = Number(res.headers.get("content-length") ?? "0");
  if (declared > limit) {
    discard(res);
    return null;
  }
  if (res.body === null) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}
