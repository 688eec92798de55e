import type { Model } from "../../../catalog/src/index.ts";
import { authenticateInference } from "../auth/authenticate.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import type { RequestContext } from "../http/context.ts";
import { svcBlock } from "../capabilities/index.ts";
import { isServable, keyAllows, visibleModel } from "./model-access.ts";

function modelObject(m: Model) {
  return { id: m.slug, object: "model", created: 0, owned_by: m.provider };
}

/** GET /v1/models: exactly OpenAI-shaped, only what this key can use right now. */
export function listModels(deps: DataPlaneDeps, ctx: RequestContext): void {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  const data = deps.catalog.models.filter((m) => keyAllows(key, m.slug) && isServable(deps, m)).map(modelObject);
  ctx.send(200, JSON.stringify({ object: "list", data }));
}

/** GET /v1/models/{id}: slug or alias in, canonical slug out; one 404 for every reason it is not visible. */
export function getModel(deps: DataPlaneDeps, ctx: RequestContext): void {
  const key = authenticateInference(ctx.authorization, deps.store, deps.keyHashes);
  let id: string;
  try {
    id = decodeURIComponent(ctx.url.slice("/v1/models/".length));
  } catch {
    id = "";
  }
  const model = id.length > 0 && id.length <= 256 ? visibleModel(deps, key, id) : undefined;
  if (!model) throw new GatewayError("model_not_found", `The model \`${id.slice(0, 200)}\` does not exist.`, { param: "model" });
  const svc = svcBlock(model);
  ctx.send(200, JSON.stringify(svc ? { ...modelObject(model), svc } : modelObject(model)));
}
