import { bearerToken } from "../auth/authenticate.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { SEQUENCE_HEADER } from "../../../proto/headers.ts";
import { GatewayError } from "../errors.ts";
import type { RequestContext } from "../http/context.ts";

/** Headers the control plane may see: no hop-by-hop, nothing else of the client's. */
export const FORWARDED_HEADERS = ["authorization", "content-type", "accept", "origin", "access-control-request-method", "access-control-request-headers"] as const;

/** /v1/management/*, DELETE /v1/key and /status belong to the control plane; the data plane only relays them. */
export async function forwardToControlPlane(deps: DataPlaneDeps, ctx: RequestContext, rawBody: Promise<void> | undefined): Promise<void> {
  await rawBody;
  const body = ctx.takeBody();
  const forwarded: Record<string, string> = {};
  for (const h of FORWARDED_HEADERS) if (ctx.headers[h]) forwarded[h] = ctx.headers[h]!;
  // the control plane's log line for this call carries the id the client got
  forwarded["x-request-id"] = ctx.requestId;
  let res;
  try {
    res = await deps.controlPlane({ method: ctx.method, path: ctx.url, query: ctx.query, headers: forwarded, body });
  } catch {
    throw new GatewayError("control_plane_unavailable", "The control plane is unreachable; key management is unavailable for now. Inference is unaffected.");
  }
  if (ctx.method === "DELETE" && ctx.url === "/v1/key" && res.status === 200) {
    // revoke here at once; the control plane's delta reaches the other replicas
    const token = bearerToken(ctx.authorization);
    const key = token ? deps.keyHashes.find(token, deps.store) : undefined;
    if (key) deps.store.markRevoked(key.id ?? "");
  }
  const applied = res.headers[SEQUENCE_HEADER];
  if (applied) {
    // read-your-writes: what the control plane just changed is in force on this replica before we answer
    const [epoch = "", seq = "0"] = applied.split("/");
    await deps.store.waitFor(epoch, Number(seq), 2_000);
  }
  let contentType = "application/json";
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(res.headers)) {
    const name = k.toLowerCase();
    if (name === "content-type") contentType = v;
    else if (name !== "content-length" && name !== "x-request-id" && name !== SEQUENCE_HEADER) headers[name] = v;
  }
  ctx.send(res.status, res.body, headers, contentType);
}
