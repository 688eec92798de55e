import { z } from "zod";
import { ratesSchema } from "./rates.ts";
import { embeddingSvcSchema, imageSvcSchema, transcriptionSvcSchema } from "./svc.ts";
import { AUTH_SCHEMES, MODEL_KINDS, MODEL_STATUSES, WIRES } from "./vocab.ts";

export type { Rates } from "./rates.ts";
export type { EmbeddingSvc, ImageSvc, SvcParams, TranscriptionSvc } from "./svc.ts";
export type { AuthScheme, ModelKind, ModelStatus, RateUnit, SurchargedParameter, TranscriptionFormat, Wire } from "./vocab.ts";

const NAMESPACE = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const SEGMENT = "[A-Za-z0-9][A-Za-z0-9._:+-]*";
/** `<namespace>/<model>`; the model part may itself hold slashes (`groq/openai/gpt-oss-120b`). */
const SLUG = new RegExp(`^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:/${SEGMENT})+$`);
const ALIAS = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
const STATUS_FEED_SUFFIX = "/api/v2/status.json";

const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https URL" });

export const providerSchema = z
  .strictObject({
    namespace: z.string().regex(NAMESPACE, "must be lower-case letters, digits and inner hyphens"),
    name: z.string().min(1),
    // Spelled as the provider's own SDK spells its base; adapters append paths, hence no trailing slash.
    base_url: httpsUrl.refine((u) => !u.endsWith("/"), "must not end with a slash"),
    auth: z.enum(AUTH_SCHEMES),
    wire: z.enum(WIRES),
    status_page: httpsUrl.nullable(),
    status_feed: httpsUrl
      .refine((u) => u.endsWith(STATUS_FEED_SUFFIX), `must be a Statuspage ${STATUS_FEED_SUFFIX} URL`)
      .nullable(),
  })
  .refine((p) => p.status_feed === null || p.status_page !== null, {
    path: ["status_page"],
    message: "is needed when status_feed is set (it is where people read the same report)",
  });

const base = {
  slug: z.string().regex(SLUG, 'must be "<provider>/<model>"'),
  name: z.string().min(1),
  /** Defaults to the part of the slug after the namespace. */
  upstream_id: z.string().min(1).optional(),
  /** Defaults to [the part of the slug after the namespace]; [] means the model answers to its slug only. */
  aliases: z.array(z.string().regex(ALIAS, "must be a bare name such as gpt-4o")).optional(),
  labels: z.array(z.string().min(1)),
  /** Tokens; null where no window is published. */
  context_window: z.int().positive().nullable(),
  status: z.enum(MODEL_STATUSES),
  rates: ratesSchema,
};

const optionalOutputCap = z.int().positive().nullable().default(null);

const chatModelSchema = z.strictObject({
  ...base,
  kind: z.literal("chat"),
  max_output_tokens: z
    .int({ error: "is required for chat models: it is the worst-case output used to reserve credit" })
    .positive(),
  svc: z.never({ error: "chat models carry no svc block" }).optional(),
});
const embeddingModelSchema = z.strictObject({ ...base, kind: z.literal("embedding"), max_output_tokens: optionalOutputCap, svc: embeddingSvcSchema });
const imageModelSchema = z.strictObject({ ...base, kind: z.literal("image"), max_output_tokens: optionalOutputCap, svc: imageSvcSchema });
const transcriptionModelSchema = z.strictObject({
  ...base,
  kind: z.literal("transcription"),
  max_output_tokens: optionalOutputCap,
  svc: transcriptionSvcSchema,
});

function afterNamespace(slug: string): string {
  return slug.slice(slug.indexOf("/") + 1);
}

/** One model entry of models/<provider>.yaml. Shape only; rules across fields are in consistency.ts. */
export const modelSchema = z
  .discriminatedUnion("kind", [chatModelSchema, embeddingModelSchema, imageModelSchema, transcriptionModelSchema], {
    error: `must be one of ${MODEL_KINDS.join(", ")}`,
  })
  .transform((m) => ({
    ...m,
    provider: m.slug.slice(0, m.slug.indexOf("/")),
    upstream_id: m.upstream_id ?? afterNamespace(m.slug),
    aliases: m.aliases ?? [afterNamespace(m.slug)],
  }));

export type Provider = z.output<typeof providerSchema>;
export type Model = z.output<typeof modelSchema>;
export type ChatModel = Extract<Model, { kind: "chat" }>;
export type EmbeddingModel = Extract<Model, { kind: "embedding" }>;
export type ImageModel = Extract<Model, { kind: "image" }>;
export type TranscriptionModel = Extract<Model, { kind: "transcription" }>;
