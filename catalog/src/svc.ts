import { z } from "zod";
import { IMAGE_OUTPUT_FORMATS, IMAGE_QUALITIES, SURCHARGED_PARAMETERS, TRANSCRIPTION_FORMATS, UNMETERABLE_TRANSCRIPTION_FORMATS } from "./vocab.ts";

/**
 * Shapes of the parameters behind the `svc` capability block (SPEC 2.2). Cross-field rules (labels
 * agree with the block, image tiers name known sizes…) live in consistency.ts.
 */

const positiveInt = z.int().positive();

/** Custom text only for a missing block; other issues keep zod's message (e.g. which key is unrecognized). */
function missingBlock(text: string) {
  return (iss: { code: string; input?: unknown }) => (iss.code === "invalid_type" && iss.input === undefined ? text : undefined);
}

function distinct<T extends z.ZodType>(item: T) {
  return z.array(item).refine((xs) => new Set(xs).size === xs.length, { message: "lists a value twice" });
}

export const embeddingSvcSchema = z.strictObject(
  {
    default_dimensions: positiveInt,
    /** Present only where the gateway enforces a set; absent means the upstream judges the width. */
    supported_dimensions: distinct(positiveInt).min(1).optional(),
  },
  { error: missingBlock("embedding models need an svc block: { default_dimensions, supported_dimensions? }") },
);

const unmeterable: readonly string[] = UNMETERABLE_TRANSCRIPTION_FORMATS;

export const transcriptionSvcSchema = z.strictObject(
  {
    response_formats: distinct(
      z.enum(TRANSCRIPTION_FORMATS, {
        error: (iss) =>
          typeof iss.input === "string" && unmeterable.includes(iss.input)
            ? `"${iss.input}" carries no usage, so it cannot be metered and is not served`
            : `must be one of ${TRANSCRIPTION_FORMATS.join(", ")}`,
      }),
    ).min(1),
    supports_streaming: z.boolean(),
    max_file_bytes: positiveInt,
    surcharged_parameters: distinct(z.enum(SURCHARGED_PARAMETERS)),
  },
  { error: missingBlock("transcription models need an svc block: { response_formats, supports_streaming, max_file_bytes, surcharged_parameters }") },
);

/** `1024x1536`, or `auto` where the upstream picks. */
export const IMAGE_SIZE = /^(auto|[1-9][0-9]*x[1-9][0-9]*)$/;

export const imageSvcSchema = z.strictObject(
  {
    sizes: distinct(z.string().regex(IMAGE_SIZE, 'must be "WIDTHxHEIGHT" or "auto"')).min(1).optional(),
    min_edge: positiveInt.optional(),
    qualities: distinct(z.enum(IMAGE_QUALITIES)).min(1),
    max_n: positiveInt,
    output_formats: distinct(z.enum(IMAGE_OUTPUT_FORMATS)).min(1).optional(),
    max_input_images: z.int().nonnegative(),
    /** Output tokens one picture of a tier consumes, keyed "quality:size"; the tier decides the price. */
    tier_output_tokens: z.record(z.string(), positiveInt).optional(),
  },
  { error: missingBlock("image models need an svc block: { sizes | min_edge, qualities, max_n, max_input_images, … }") },
);

export type EmbeddingSvc = z.output<typeof embeddingSvcSchema>;
export type TranscriptionSvc = z.output<typeof transcriptionSvcSchema>;
export type ImageSvc = z.output<typeof imageSvcSchema>;
export type SvcParams = EmbeddingSvc | TranscriptionSvc | ImageSvc;
