import type { Model, Provider } from "../../../catalog/src/index.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import { hasAdapter } from "../providers/registry.ts";

export const ENDPOINT_FOR_KIND = {
  chat: "POST /v1/chat/completions",
  embedding: "POST /v1/embeddings",
  image: "POST /v1/images/generations",
  transcription: "POST /v1/audio/transcriptions",
} as const satisfies Record<Model["kind"], string>;

const allowSets = new WeakMap<KeyEntry, ReadonlySet<string>>();

export function keyAllows(key: KeyEntry, slug: string): boolean {
  if (key.allModels) return true;
  let set = allowSets.get(key);
  if (!set) allowSets.set(key, (set = new Set(key.models ?? [])));
  return set.has(slug);
}

/** Served here: the gateway has the adapter for it and its provider holds a usable credential. */
export function isServable(deps: DataPlaneDeps, model: Model): boolean {
  const provider = deps.catalog.providers.get(model.provider);
  return provider !== undefined && hasAdapter(model, provider) && deps.credentials.has(model.provider);
}

/** What GET /v1/models/{id} may show this key: one answer (undefined → 404) for every reason it may not. */
export function visibleModel(deps: DataPlaneDeps, key: KeyEntry, id: string): Model | undefined {
  const model = deps.catalog.resolve(id);
  if (!model || !keyAllows(key, model.slug) || !isServable(deps, model)) return undefined;
  return model;
}

/**
 * Resolves a model named in an inference request, in the order and with the statuses of SPEC 7. `localChecks`
 * runs once the model is known and allowed but before its credential is looked at: refusals the gateway can
 * make on its own (an embedding width outside the published set) never depend on a provider's state.
 */
export function resolveForUse<K extends Model["kind"]>(
  deps: DataPlaneDeps,
  key: KeyEntry,
  id: unknown,
  kind: K,
  localChecks?: (model: Extract<Model, { kind: K }>) => void,
): { model: Extract<Model, { kind: K }>; provider: Provider } {
  if (typeof id !== "string" || id.length === 0) {
    throw new GatewayError("invalid_request_error", "`model` is required: a model slug such as openai/gpt-4o, or its alias.", { param: "model" });
  }
  const model = deps.catalog.resolve(id);
  if (!model) {
    throw new GatewayError("model_not_found", `The model \`${id.slice(0, 200)}\` does not exist. GET /v1/models lists the models this key can use.`, { param: "model" });
  }
  if (model.kind !== kind) {
    throw new GatewayError(
      "wrong_endpoint_for_model",
      `\`${model.slug}\` is a${model.kind === "embedding" || model.kind === "image" ? "n" : ""} ${model.kind} model; send it to ${ENDPOINT_FOR_KIND[model.kind]}.`,
      { param: "model" },
    );
  }
  if (!keyAllows(key, model.slug)) {
    throw new GatewayError("model_not_allowed", `This key is not allowed to use \`${model.slug}\`.`, { param: "model" });
  }
  localChecks?.(model as Extract<Model, { kind: K }>);
  const provider = deps.catalog.providers.get(model.provider);
  if (!provider || !isServable(deps, model)) {
    throw new GatewayError("no_usable_credential", `\`${model.slug}\` is unavailable: its provider has no usable credential on this gateway right now.`);
  }
  return { model: model as Extract<Model, { kind: K }>, provider };
}
