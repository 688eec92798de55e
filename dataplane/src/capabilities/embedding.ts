import { z } from "zod";
import type { EmbeddingModel } from "../../../catalog/src/index.ts";
import type { EmbeddingInput, EmbeddingRequest } from "../providers/embedding-types.ts";
import { fromZod, invalid } from "../providers/shared/invalid.ts";

/** The `svc` block of an embedding model (SPEC 2.2); a type, not an interface, so it is a plain JSON record. */
export type EmbeddingBlock = {
  kind: "embedding";
  default_dimensions: number;
  /** Present only where the gateway enforces a set. */
  supported_dimensions?: number[];
};

export function embeddingBlock(model: EmbeddingModel): EmbeddingBlock {
  const { default_dimensions, supported_dimensions } = model.svc;
  return supported_dimensions ? { kind: "embedding", default_dimensions, supported_dimensions: [...supported_dimensions] } : { kind: "embedding", default_dimensions };
}

/**
 * The width a request gets, read from the same block GET /v1/models/{id} publishes: `dimensions` when sent, else
 * default_dimensions. Where the block lists supported_dimensions the width must be one of them; where it lists
 * none, any positive integer goes on and the provider judges it (its refusal comes back as its own 4xx).
 * A refusal is a 400 naming `dimensions`, decided before any credential is looked at.
 */
export function acceptedDimensions(model: EmbeddingModel, value: unknown): number {
  const block = embeddingBlock(model);
  if (value === undefined || value === null) return block.default_dimensions;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0) {
    throw invalid("dimensions", `\`dimensions\` must be a positive integer; ${describe(block)}.`);
  }
  if (block.supported_dimensions && !block.supported_dimensions.includes(value)) {
    throw invalid("dimensions", `\`${model.slug}\` does not return ${value}-dimensional vectors; ${describe(block)}.`);
  }
  return value;
}

function describe(block: EmbeddingBlock): string {
  return block.supported_dimensions
    ? `the widths it returns are ${block.supported_dimensions.join(", ")} (default ${block.default_dimensions})`
    : `its default width is ${block.default_dimensions}`;
}

/** The parameters besides `input` and `dimensions` the gateway itself acts on; the rest is the provider's to judge. */
const Options = z.object({
  stream: z
    .boolean()
    .nullish()
    .refine((s) => s !== true, "embeddings are never streamed; leave `stream` out or set it to false"),
  encoding_format: z.enum(["float", "base64"]).nullish(),
  input_type: z.enum(["query", "document"]).nullish(),
});

/**
 * Checks a POST /v1/embeddings body for `model` (already resolved to an embedding model) before any credential is
 * looked at, so every refusal here is the same whatever state the provider is in. `tokenInput`: whether the wire
 * that serves the model takes token-id arrays.
 */
export function checkEmbeddingRequest(model: EmbeddingModel, body: Readonly<Record<string, unknown>>, tokenInput: boolean): EmbeddingRequest {
  const input = readInput(body.input);
  if (input.kind === "tokens" && !tokenInput) {
    throw invalid("input", `\`${model.slug}\` embeds text only; send \`input\` as a string or an array of strings (token ids are taken by OpenAI's models).`);
  }
  const dimensions = acceptedDimensions(model, body.dimensions);
  const options = Options.safeParse(body);
  if (!options.success) throw fromZod(options.error);
  const set = model.svc.supported_dimensions;
  return {
    input,
    dimensions,
    dimensionsSent: body.dimensions !== undefined && body.dimensions !== null,
    widthIsChoice: set === undefined || set.length > 1,
    encodingFormat: options.data.encoding_format ?? "float",
    inputType: options.data.input_type ?? undefined,
  };
}

const FORMS = "a string, an array of strings, or (OpenAI's models) an array of token ids or an array of such arrays";

/** OpenAI's four forms of `input`, none of them empty: a provider would refuse an empty text or charge for nothing. */
function readInput(value: unknown): EmbeddingInput {
  if (typeof value === "string") {
    if (value.length === 0) throw invalid("input", "`input` must not be an empty string.");
    return { kind: "text", texts: [value] };
  }
  if (!Array.isArray(value)) throw invalid("input", `\`input\` is required: ${FORMS}.`);
  if (value.length === 0) throw invalid("input", "`input` must not be an empty array.");
  if (value.every((v) => typeof v === "string")) {
    const empty = value.findIndex((v) => v.length === 0);
    if (empty !== -1) throw invalid(`input[${empty}]`, `\`input[${empty}]\` must not be an empty string.`);
    return { kind: "text", texts: value };
  }
  if (value.every((v) => typeof v === "number")) return { kind: "tokens", tokens: [tokenIds(value, "input")] };
  if (value.every(Array.isArray)) return { kind: "tokens", tokens: value.map((ids: unknown[], i) => tokenIds(ids, `input[${i}]`)) };
  throw invalid("input", `\`input\` must be ${FORMS}, not a mix.`);
}

function tokenIds(ids: readonly unknown[], param: string): number[] {
  if (ids.length === 0) throw invalid(param, `\`${param}\` must not be an empty array of token ids.`);
  const bad = ids.findIndex((id) => typeof id !== "number" || !Number.isSafeInteger(id) || id < 0);
  if (bad !== -1) throw invalid(`${param}[${bad}]`, `\`${param}[${bad}]\` must be a token id (a non-negative integer).`);
  return ids as number[];
}
