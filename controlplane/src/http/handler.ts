import type { StoredKey } from "../db/repositories/keys.ts";
import { ControlError, safeEcho } from "../errors.ts";
import { ID_PATTERN } from "../ids.ts";
import { requireManagementKey, requirePresentedInferenceKey } from "./auth.ts";
import { errorResponse } from "./respond.ts";
import { ROUTES } from "./routes/index.ts";
import { matchRoute } from "./router.ts";
import type { ChangeListener, ControlDeps, ControlHandler, ControlRequest, ControlResponse } from "./types.ts";

/** What the log line of one call names: only values the control plane produced or checked itself. */
interface CallFacts {
  route: string;
  caller?: StoredKey;
  /** `{id}` of the path, when it is a key id (a client may paste anything there). */
  target?: string;
  error?: string;
}

/** The id a relaying data plane gave the request, when it has that shape (nothing else a client sends is logged). */
const REQUEST_ID = /^req_[0-9a-f]{32}$/;

/**
 * The management API as a plain function: route (404/405) → authenticate (401/403) → validate (400) → service.
 * Never throws: every failure becomes an OpenAI-style error response. Each call leaves one log line: route
 * pattern, status, the calling key's id and organization, never a key or a body.
 */
export function createControlHandler(rawDeps: ControlDeps): ControlHandler {
  const deps: ControlDeps = { ...rawDeps, onChange: guarded(rawDeps) };
  const clock = deps.now ?? (() => new Date());
  return async (req: ControlRequest): Promise<ControlResponse> => {
    const startedAt = Date.now();
    const call: CallFacts = { route: "*" };
    const res = await answer(deps, clock, req, call);
    const requestId = req.headers["x-request-id"];
    deps.log?.info(
      {
        request_id: requestId !== undefined && REQUEST_ID.test(requestId) ? requestId : undefined,
        method: req.method.toUpperCase().replace(/[^A-Z]/g, "").slice(0, 8),
        route: call.route,
        status: res.status,
        duration_ms: Date.now() - startedAt,
        key_id: call.caller?.id,
        org_id: call.caller?.orgId,
        target_key_id: call.target,
        error: call.error,
      },
      "management call",
    );
    return res;
  };
}

async function answer(deps: ControlDeps, clock: () => Date, req: ControlRequest, call: CallFacts): Promise<ControlResponse> {
  const method = req.method.toUpperCase();
  const match = matchRoute(ROUTES, method, req.path);
  if (match.kind === "not-found") {
    call.error = "not_found";
    const shown = `${method.replace(/[^A-Z]/g, "")} ${safeEcho(req.path)}`;
    return errorResponse(new ControlError("not_found", `Unknown request URL: ${shown}.`));
  }
  if (match.kind === "method-not-allowed") {
    call.error = "method_not_allowed";
    const allow = match.allow.join(", ");
    return errorResponse(new ControlError("method_not_allowed", `Method not allowed here; use ${allow}.`), { allow });
  }
  call.route = match.route.path;
  if (match.params.id !== undefined && ID_PATTERN.test(match.params.id)) call.target = match.params.id;
  try {
    const caller =
      match.route.auth === "management"
        ? await requireManagementKey(deps, req.headers)
        : await requirePresentedInferenceKey(deps, req.headers);
    call.caller = caller;
    return await match.route.run({ deps, caller, params: match.params, now: clock() }, req.body);
  } catch (err) {
    call.error = err instanceof ControlError ? err.code : "internal_error";
    if (!(err instanceof ControlError)) deps.onError?.(err);
    return errorResponse(err);
  }
}

/** The change is committed before listeners hear of it: a listener failing must not turn that success into a 500. */
function guarded(deps: ControlDeps): ChangeListener {
  const safely = (fn: () => void) => {
    try {
      fn();
    } catch (err) {
      deps.onError?.(err);
    }
  };
  return {
    keyChanged: (keyId) => safely(() => deps.onChange.keyChanged(keyId)),
    orgChanged: (orgId) => safely(() => deps.onChange.orgChanged(orgId)),
  };
}
