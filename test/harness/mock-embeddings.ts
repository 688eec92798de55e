import type http from "node:http";
import { readJsonFixture } from "./fixtures.ts";
import { sendJson, type MediaMock } from "./mock-media.ts";
import type { RecordedRequest } from "./mock-upstream.ts";

type Json = Record<string, unknown>;

// The recordings, read once (../../../shared/fixtures/README.md). Each answered one input, "Hello, world!": the mock
// answers n inputs with the recorded envelope, the recorded vector cut or repeated to the width asked for, and
// n times the recorded token count (so a test can work out the money from the recordings alone). Refusals keep
// each provider's error envelope and status; their wording is the mock's own unless a comment names its source.
const recorded = {
  openai: readJsonFixture<{ data: { embedding: string }[]; usage: { prompt_tokens: number } }>("openai/embeddings-base64.json"),
  openaiInvalidKey: readJsonFixture<Json>("openai/error-401-invalid-api-key.json"),
  voyage: readJsonFixture<{ data: { embedding: string }[]; usage: { total_tokens: number } }>("voyage/embeddings.json"),
  // gemini-embedding-001 at 768 (not unit length) and gemini-embedding-2-preview at 768 (unit length)
  gemini001: readJsonFixture<{ embeddings: { values: number[] }[] }>("gemini/embeddings-batch-768.json"),
  gemini2: readJsonFixture<{ embeddings: { values: number[] }[] }>("gemini/embeddings-embedcontent-dims.json"),
  geminiCount: readJsonFixture<{ totalTokens: number }>("gemini/count-tokens.json"),
  cohere: readJsonFixture<Json & { embeddings: { float: number[][] }; meta: { billed_units: { input_tokens: number } } }>("cohere/embeddings-v2.json"),
};

/** The mock's own float32 codec (not the gateway's), so a fault in the gateway's cannot hide behind it. */
function decode(base64: string): number[] {
  const bytes = Buffer.from(base64, "base64");
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
}
function encode(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((x, i) => bytes.writeFloatLE(x, i * 4));
  return bytes.toString("base64");
}

const vectors = {
  openai: decode(recorded.openai.data[0]!.embedding),
  voyage: decode(recorded.voyage.data[0]!.embedding),
  gemini001: recorded.gemini001.embeddings[0]!.values,
  gemini2: recorded.gemini2.embeddings[0]!.values,
  cohere: recorded.cohere.embeddings.float[0]!,
};

/** The recorded vector at `width`: cut short, or repeated from its start. */
function atWidth(vector: readonly number[], width: number): number[] {
  return Array.from({ length: width }, (_, i) => vector[i % vector.length]!);
}

/** Each provider's published default width where the request names none. */
const OPENAI_NATIVE: Readonly<Record<string, number>> = { "text-embedding-3-small": 1536, "text-embedding-3-large": 3072 };
const VOYAGE_WIDTHS = [256, 512, 1024, 2048];
const COHERE_WIDTHS = [256, 512, 1024, 1536];
/** Gemini's outputDimensionality range (https://ai.google.dev/gemini-api/docs/models/gemini-embedding-001). */
const GEMINI_WIDTH = { min: 128, max: 3072 };

const field = (json: unknown, key: string): unknown => (typeof json === "object" && json !== null ? (json as Json)[key] : undefined);
const bearer = (rec: RecordedRequest) => /^Bearer\s+\S+/i.test(rec.headers["authorization"] ?? "");
const absent = (v: unknown) => v === undefined || v === null;
const isTextList = (v: unknown): v is string[] => Array.isArray(v) && v.length > 0 && v.every((t) => typeof t === "string" && t.length > 0);

function openaiError(message: string, param: string | null = null): string {
  return JSON.stringify({ error: { message, type: "invalid_request_error", param, code: null } });
}

/** How many vectors an OpenAI `input` asks for; undefined when it is not one of OpenAI's four forms. */
function openaiInputs(input: unknown): number | undefined {
  if (typeof input === "string") return input.length > 0 ? 1 : undefined;
  if (!Array.isArray(input) || input.length === 0) return undefined;
  if (input.every((t) => typeof t === "string" && t.length > 0)) return input.length;
  if (input.every((t) => typeof t === "number")) return 1;
  if (input.every((t) => Array.isArray(t) && t.length > 0)) return input.length;
  return undefined;
}

/** OpenAI's /v1/embeddings: `dimensions` up to the model's native width (its own refusal is the mock's wording). */
function openai(rec: RecordedRequest, res: http.ServerResponse): void {
  if (!bearer(rec)) return sendJson(res, 401, JSON.stringify(recorded.openaiInvalidKey));
  const body = rec.json;
  const n = openaiInputs(field(body, "input"));
  if (n === undefined) return sendJson(res, 400, openaiError("'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.", "input"));
  const model = String(field(body, "model"));
  const native = OPENAI_NATIVE[model] ?? 1536;
  const dimensions = field(body, "dimensions");
  if (!absent(dimensions) && (typeof dimensions !== "number" || dimensions < 1 || dimensions > native)) {
    return sendJson(res, 400, openaiError(`Invalid 'dimensions': ${model} returns at most ${native} dimensions.`, "dimensions"));
  }
  const vector = atWidth(vectors.openai, typeof dimensions === "number" ? dimensions : native);
  const base64 = field(body, "encoding_format") === "base64";
  const tokens = recorded.openai.usage.prompt_tokens * n;
  sendJson(res, 200, JSON.stringify({
    object: "list",
    data: Array.from({ length: n }, (_, index) => ({ object: "embedding", index, embedding: base64 ? encode(vector) : vector })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  }));
}

const MISTRAL_FIELDS = new Set(["model", "input", "output_dimension", "output_dtype", "encoding_format", "metadata"]);

/**
 * Mistral's /v1/embeddings: OpenAI's shape, but a field it does not know is a 422 `extra_forbidden` and
 * output_dimension on mistral-embed a 400, in the bodies users pasted in public issues (partITech/php-mistral#76,
 * upsidelab/enthusiast#360). No Mistral embeddings answer was recorded: the OpenAI recording stands in, at 1024.
 */
function mistral(rec: RecordedRequest, res: http.ServerResponse): void {
  if (!bearer(rec)) return sendJson(res, 401, JSON.stringify({ detail: "Unauthorized" }));
  const body = (rec.json ?? {}) as Json;
  const extra = Object.keys(body).filter((k) => !MISTRAL_FIELDS.has(k));
  if (extra.length > 0) {
    const detail = extra.map((k) => ({ type: "extra_forbidden", loc: ["body", k], msg: "Extra inputs are not permitted", input: body[k] }));
    return sendJson(res, 422, JSON.stringify({ object: "Error", detail, message: detail, type: "invalid_request_error", code: 3001 }));
  }
  if (!absent(body.output_dimension) && body.model === "mistral-embed") {
    return sendJson(res, 400, JSON.stringify({ object: "error", message: "This model does not support output_dimension.", type: "invalid_request_invalid_args", param: null, code: "3051", raw_status_code: 400 }));
  }
  const texts = typeof body.input === "string" ? [body.input] : body.input;
  if (!isTextList(texts)) return sendJson(res, 422, JSON.stringify({ object: "Error", message: "input: a string or a list of strings", type: "invalid_request_error", code: 3001 }));
  const vector = atWidth(vectors.openai, 1024);
  const base64 = body.encoding_format === "base64";
  const tokens = recorded.openai.usage.prompt_tokens * texts.length;
  sendJson(res, 200, JSON.stringify({
    id: "mock-embd",
    object: "list",
    data: texts.map((_, index) => ({ object: "embedding", embedding: base64 ? encode(vector) : vector, index })),
    model: body.model,
    usage: { prompt_tokens: tokens, total_tokens: tokens, completion_tokens: 0 },
  }));
}

/** Voyage's /v1/embeddings: text only, `output_dimension` from its published set, base64 on request. */
function voyage(rec: RecordedRequest, res: http.ServerResponse): void {
  const detail = (status: number, message: string) => sendJson(res, status, JSON.stringify({ detail: message }));
  if (!bearer(rec)) return detail(401, "Provided API key is invalid.");
  const body = (rec.json ?? {}) as Json;
  const texts = typeof body.input === "string" ? [body.input] : body.input;
  if (!isTextList(texts)) return detail(400, "Input must be a non-empty string or a list of non-empty strings.");
  if (!absent(body.input_type) && body.input_type !== "query" && body.input_type !== "document") return detail(400, "input_type must be null, 'query' or 'document'.");
  const width = absent(body.output_dimension) ? 1024 : body.output_dimension;
  if (typeof width !== "number" || !VOYAGE_WIDTHS.includes(width)) return detail(400, `output_dimension must be one of ${VOYAGE_WIDTHS.join(", ")}.`);
  if (!absent(body.encoding_format) && body.encoding_format !== "base64") return detail(400, "encoding_format must be null or 'base64'.");
  const vector = atWidth(vectors.voyage, width);
  sendJson(res, 200, JSON.stringify({
    object: "list",
    data: texts.map((_, index) => ({ object: "embedding", embedding: body.encoding_format === "base64" ? encode(vector) : vector, index })),
    model: body.model,
    usage: { total_tokens: recorded.voyage.usage.total_tokens * texts.length },
  }));
}

/** Cohere's /v2/embed: input_type required (Embed v3+), floats only here, `output_dimension` from its set. */
function cohere(rec: RecordedRequest, res: http.ServerResponse): void {
  const fail = (status: number, message: string) => sendJson(res, status, JSON.stringify({ id: "mock", message }));
  if (!bearer(rec)) return fail(401, "invalid api token");
  const body = (rec.json ?? {}) as Json;
  if (!isTextList(body.texts)) return fail(400, "invalid request: texts must be a non-empty list of strings");
  if (!["search_document", "search_query", "classification", "clustering"].includes(String(body.input_type))) {
    return fail(400, "invalid request: valid input_type must be provided with the provided model");
  }
  const types = body.embedding_types;
  if (!Array.isArray(types) || types.length !== 1 || types[0] !== "float") return fail(400, "this mock serves embedding_types [\"float\"] only");
  const width = absent(body.output_dimension) ? 1536 : body.output_dimension;
  if (typeof width !== "number" || !COHERE_WIDTHS.includes(width)) return fail(400, `invalid request: output_dimension must be one of ${COHERE_WIDTHS.join(", ")}`);
  const vector = atWidth(vectors.cohere, width);
  sendJson(res, 200, JSON.stringify({
    ...recorded.cohere,
    texts: body.texts,
    embeddings: { float: body.texts.map(() => vector) },
    meta: { ...(recorded.cohere.meta as Json), billed_units: { image_tokens: 0, input_tokens: recorded.cohere.meta.billed_units.input_tokens * body.texts.length } },
  }));
}

function geminiError(res: http.ServerResponse, code: number, status: string, message: string): void {
  sendJson(res, code, JSON.stringify({ error: { code, message, status } }));
}

/** Gemini's batchEmbedContents: each request names the path's model; no usage in the answer, as recorded. */
function geminiBatch(model: string, rec: RecordedRequest, res: http.ServerResponse): void {
  const requests = field(rec.json, "requests");
  if (!Array.isArray(requests) || requests.length === 0) return geminiError(res, 400, "INVALID_ARGUMENT", "* BatchEmbedContentsRequest.requests: requests is required");
  const source = model.startsWith("gemini-embedding-001") ? vectors.gemini001 : vectors.gemini2;
  const embeddings: { values: number[] }[] = [];
  for (const r of requests) {
    if (field(r, "model") !== `models/${model}`) return geminiError(res, 400, "INVALID_ARGUMENT", `Model in request (${String(field(r, "model"))}) does not match models/${model}`);
    const parts = field(field(r, "content"), "parts");
    if (!Array.isArray(parts) || !parts.every((p) => typeof field(p, "text") === "string")) return geminiError(res, 400, "INVALID_ARGUMENT", "* content.parts: text is required");
    const width = field(r, "outputDimensionality") ?? GEMINI_WIDTH.max;
    if (typeof width !== "number" || width < GEMINI_WIDTH.min || width > GEMINI_WIDTH.max) return geminiError(res, 400, "INVALID_ARGUMENT", "outputDimensionality is out of range");
    embeddings.push({ values: atWidth(source, width) });
  }
  sendJson(res, 200, JSON.stringify({ embeddings }));
}

/** Gemini's countTokens: the recorded count for each text part. */
function geminiCount(rec: RecordedRequest, res: http.ServerResponse): void {
  const contents = field(rec.json, "contents");
  if (!Array.isArray(contents)) return geminiError(res, 400, "INVALID_ARGUMENT", "* CountTokensRequest.contents: contents is required");
  const parts = contents.flatMap((c) => {
    const p = field(c, "parts");
    return Array.isArray(p) ? p.filter((x) => typeof field(x, "text") === "string") : [];
  });
  const tokens = recorded.geminiCount.totalTokens * parts.length;
  sendJson(res, 200, JSON.stringify({ promptTokensDetails: [{ modality: "TEXT", tokenCount: tokens }], totalTokens: tokens }));
}

/**
 * Embeddings of every provider the catalog serves them from, each checking the credential header its API really
 * takes (catalog/providers.yaml `auth`): OpenAI at /v1/embeddings and Gemini at /v1beta/models/<m>:… unprefixed;
 * Mistral, Voyage and Cohere under their namespace.
 */
export const mockEmbeddings: MediaMock = ({ namespace, pathname, rec, res }) => {
  if (rec.method !== "POST") return false;
  const serve = route(namespace, pathname);
  if (!serve) return false;
  serve(rec, res);
  return true;
};

type Serve = (rec: RecordedRequest, res: http.ServerResponse) => void;

function route(namespace: string, pathname: string): Serve | undefined {
  switch (namespace) {
    case "mistral":
      return pathname === "/v1/embeddings" ? mistral : undefined;
    case "voyage":
      return pathname === "/v1/embeddings" ? voyage : undefined;
    case "cohere":
      return pathname === "/v2/embed" ? cohere : undefined;
    case "openai-or-google": {
      if (pathname === "/v1/embeddings") {
        return (rec, res) => (rec.json === undefined ? sendJson(res, 400, openaiError("We could not parse the JSON body of your request.")) : openai(rec, res));
      }
      const gemini = /^\/v1beta\/models\/([^/:]+):(batchEmbedContents|countTokens)$/.exec(pathname);
      if (!gemini) return undefined;
      const model = decodeURIComponent(gemini[1]!);
      return (rec, res) => {
        if (!rec.headers["x-goog-api-key"]) return geminiError(res, 403, "PERMISSION_DENIED", "Method doesn't allow unregistered callers.");
        if (gemini[2] === "countTokens") geminiCount(rec, res);
        else geminiBatch(model, rec, res);
      };
    }
    default:
      return undefined;
  }
}
