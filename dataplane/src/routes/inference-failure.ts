import { GatewayError } from "../errors.ts";
import type { RequestContext } from "../http/context.ts";
import { upstreamFailure } from "../upstream/client.ts";

/**
 * An inference request failed after admission: its client gets the error in the route's dialect (unless it
 * left), and the books record what the client saw. `status` is what was sent so far (a stream already began).
 */
export function answerFailure(ctx: RequestContext, err: unknown, status: number): { status: number; errorCode: string } {
  if (ctx.aborted) return { status, errorCode: "client_disconnected" };
  const e = err instanceof GatewayError ? err : upstreamFailure(err);
  ctx.sendError(e);
  return { status: e.status, errorCode: e.code };
}
