import type { Cancellation } from "../cancellation.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import type { Access } from "../providers/credentials.ts";
import type { UpstreamRequest } from "../providers/types.ts";
import type { UpstreamResponse } from "./client.ts";

/** Statuses worth one more try on another credential: its own refusal, its rate limit, the provider failing. */
const RETRYABLE = (status: number) => status === 401 || status === 403 || status === 429 || status >= 500;

/**
 * Sends the call with one of the provider's credentials and, when the answer is a refusal, a rate limit or a
 * server error, tries once more with another credential (nothing has reached the client yet, so a retry is
 * invisible). A 401/403 quarantines the credential that got it.
 */
export async function sendWithFailover(
  deps: Pick<DataPlaneDeps, "credentials" | "upstream">,
  namespace: string,
  build: (access: Access) => UpstreamRequest,
  signal: Cancellation,
): Promise<{ up: UpstreamResponse; access: Access }> {
  let access = deps.credentials.pick(namespace);
  if (!access) throw new GatewayError("no_usable_credential", "This model's provider has no usable credential on this gateway right now.");
  for (let attempt = 0; ; attempt++) {
    const up = await deps.upstream.send(build(access), signal);
    if (up.status === 401 || up.status === 403) deps.credentials.quarantine(namespace, access.credential);
    else if (up.status < 400) deps.credentials.succeeded(namespace, access.credential);
    if (!RETRYABLE(up.status) || attempt >= 1) return { up, access };
    const other = deps.credentials.pick(namespace, access.credential);
    if (!other) return { up, access };
    await up.body.dump();
    access = other;
  }
}
