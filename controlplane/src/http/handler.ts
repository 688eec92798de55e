import { ControlError, safeEcho } from "../errors.ts";
import { requireManagementKey, requirePresentedInferenceKey } from "./auth.ts";
import { errorResponse } from "./respond.ts";
import { ROUTES } from "./routes/index.ts";
import { matchRoute } from "./router.ts";
import type { ChangeListener, ControlDeps, ControlHandler, ControlRequest, ControlResponse } from "./types.ts";

/**
 * The management API as a plain function: route (404/405) → authenticate (401/403) → validate (400) → service.
 * Never throws: every failure becomes an OpenAI-style error response.
 */
export function createControlHandler(rawDeps: ControlDeps): ControlHandler {
  const deps: ControlDeps = { ...rawDeps, onChange: guarded(rawDeps) };
  const clock = deps.now ?? (() => new Date());
  return async (req: ControlRequest): Promise<ControlResponse> => {
    const method = req.method.toUpperCase();
    const match = matchRoute(ROUTES, method, req.path);
    if (match.kind === "not-found") {
      const shown = `${method.replace(/[^A-Z]/g, "")} ${safeEcho(req.path)}`;
      return errorResponse(new ControlError("not_found", `Unknown request URL: ${shown}.`));
    }
    if (match.kind === "method-not-allowed") {
      const allow = match.allow.join(", ");
      return errorResponse(new ControlError("method_not_allowed", `Method not allowed here; use ${allow}.`), { allow });
    }
    try {
      const caller =
        match.route.auth === "management"
          ? await requireManagementKey(deps, req.headers)
          : await requirePresentedInferenceKey(deps, req.headers);
      return await match.route.run({ deps, caller, params: match.params, now: clock() }, req.body);
    } catch (err) {
      if (!(err instanceof ControlError)) deps.onError?.(err);
      return errorResponse(err);
    }
  };
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
