import { z } from "zod";
import { isObject } from "../shared/provider-json.ts";

/**
 * The parts of Gemini's GenerateContentResponse the gateway reads
 * (https://ai.google.dev/api/generate-content#v1beta.GenerateContentResponse). Loose objects: Google adds fields
 * (avgLogprobs, finishMessage, serviceTier, citationMetadata…) that mean nothing here and must not fail a parse.
 * Proto3 JSON leaves out zero values and empty lists, so nearly everything is optional.
 */
export const GeminiPart = z.looseObject({
  text: z.string().optional(),
  /** a thought summary, sent only with thinkingConfig.includeThoughts (https://ai.google.dev/gemini-api/docs/thinking) */
  thought: z.boolean().optional(),
  /** opaque; must go back with the function call on the next turn (https://ai.google.dev/gemini-api/docs/thought-signatures) */
  thoughtSignature: z.string().optional(),
  functionCall: z
    .looseObject({
      // no name: a Vertex-only partial-arguments fragment (FunctionCall.partialArgs), never sent by the Gemini API
      name: z.string().optional(),
      args: z.record(z.string(), z.unknown()).nullish(),
    })
    .optional(),
});
export type GeminiPart = z.infer<typeof GeminiPart>;

export const GeminiCandidate = z.looseObject({
  content: z.looseObject({ parts: z.array(GeminiPart).optional(), role: z.string().optional() }).optional(),
  finishReason: z.string().optional(),
  index: z.number().optional(),
});

export const GeminiResponse = z.looseObject({
  candidates: z.array(GeminiCandidate).optional(),
  /** "Sent only in the first stream chunk. Only happens when no candidates were generated due to content violations." */
  promptFeedback: z.looseObject({ blockReason: z.string().optional(), blockReasonMessage: z.string().optional() }).optional(),
  usageMetadata: z.unknown().optional(),
  modelVersion: z.string().optional(),
  responseId: z.string().optional(),
});
export type GeminiResponse = z.infer<typeof GeminiResponse>;

/**
 * Google's error envelope (https://ai.google.dev/gemini-api/docs/troubleshooting, google.rpc.Status): `details`
 * carries typed messages such as google.rpc.ErrorInfo (`reason`, e.g. API_KEY_INVALID) and google.rpc.RetryInfo
 * (`retryDelay`, a protobuf Duration such as "34.4s").
 */
export const GeminiErrorEnvelope = z.looseObject({
  error: z.looseObject({
    code: z.number().optional(),
    message: z.string().optional(),
    status: z.string().optional(),
    details: z
      .array(z.looseObject({ "@type": z.string().optional(), reason: z.string().optional(), retryDelay: z.string().optional() }))
      .optional()
      .catch(undefined),
  }),
});
export type GeminiErrorEnvelope = z.infer<typeof GeminiErrorEnvelope>;

/**
 * False only for a value GeminiErrorEnvelope refuses: one with no `error` member. A stream checks every event for
 * the envelope, and zod's refusal of an ordinary event (it builds the error it returns) cost ~1 µs an event, more
 * than reading the event itself (docs/performance.md).
 */
export function mayBeErrorEnvelope(json: unknown): boolean {
  return typeof json === "object" && json !== null && (json as { error?: unknown }).error !== undefined;
}

/** An optional member: absent or undefined, or what `is` accepts. */
const optional = (v: unknown, is: (v: unknown) => boolean): boolean => v === undefined || is(v);
const isString = (v: unknown): boolean => typeof v === "string";
const isBoolean = (v: unknown): boolean => typeof v === "boolean";
/** What z.number() accepts: a finite number. */
const isNumber = (v: unknown): boolean => typeof v === "number" && Number.isFinite(v);

function isPart(v: unknown): boolean {
  if (!isObject(v) || !optional(v.text, isString) || !optional(v.thought, isBoolean) || !optional(v.thoughtSignature, isString)) return false;
  const call = v.functionCall;
  return call === undefined || (isObject(call) && optional(call.name, isString) && (call.args === undefined || call.args === null || isObject(call.args)));
}

function isCandidate(v: unknown): boolean {
  if (!isObject(v) || !optional(v.finishReason, isString) || !optional(v.index, isNumber)) return false;
  const content = v.content;
  return content === undefined || (isObject(content) && optional(content.role, isString) && optional(content.parts, (parts) => Array.isArray(parts) && parts.every(isPart)));
}

/**
 * `GeminiResponse.safeParse(json)` without zod: the response as the schema reads it, or undefined when refused. Every
 * event of a Gemini stream is a whole response, and zod's pass copies each object of it: ~0.3 µs an event warm, and on
 * a stream's first event, at one request at a time, cold code (docs/performance.md). A property test holds the two to
 * the same verdict and fields.
 */
export function readGeminiResponse(json: unknown): GeminiResponse | undefined {
  if (!isObject(json) || !optional(json.modelVersion, isString) || !optional(json.responseId, isString)) return undefined;
  if (!optional(json.candidates, (c) => Array.isArray(c) && c.every(isCandidate))) return undefined;
  const feedback = json.promptFeedback;
  if (feedback !== undefined && !(isObject(feedback) && optional(feedback.blockReason, isString) && optional(feedback.blockReasonMessage, isString))) return undefined;
  return json as GeminiResponse;
}
