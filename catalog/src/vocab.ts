/** Closed vocabularies of the catalog (SPEC 2.1 and 2.2). `as const` tuples feed both zod enums and types. */

export const MODEL_KINDS = ["chat", "embedding", "image", "transcription"] as const;
export const MODEL_STATUSES = ["Active", "Preview"] as const;

/** Per million tokens, per minute of audio, per provider credit (one credit = 0.01 USD). */
export const RATE_UNITS = ["mtok", "minute", "credit"] as const;

/** How the upstream credential is presented; `raw` is the bare key in Authorization (AssemblyAI). */
export const AUTH_SCHEMES = ["bearer", "x-api-key", "x-goog-api-key", "token", "raw", "xi-api-key"] as const;
/** Request/response dialect of the upstream; `openai` covers every OpenAI-compatible vendor. */
export const WIRES = ["openai", "anthropic", "gemini", "voyage", "cohere", "deepgram", "assemblyai", "elevenlabs"] as const;

export const CHAT_LABELS = ["tools", "json", "reasoning", "cache", "image", "audio", "pdf"] as const;
export const IMAGE_QUALITY_TIERS = ["low", "medium", "high", "xhigh", "max"] as const;
export const IMAGE_RESOLUTION_TIERS = ["512", "1K", "2K", "4K"] as const;
export const IMAGE_ANY_SIZE = "any size";
export const IMAGE_LABELS = [...IMAGE_QUALITY_TIERS, ...IMAGE_RESOLUTION_TIERS, IMAGE_ANY_SIZE] as const;
/** `auto` lets the upstream pick the tier, so it is accepted but is not a price tier of its own. */
export const IMAGE_QUALITIES = ["auto", ...IMAGE_QUALITY_TIERS] as const;
export const IMAGE_OUTPUT_FORMATS = ["png", "jpeg", "webp"] as const;

/**
 * Transcription formats the gateway serves. text, srt and vtt are deliberately absent: a bare document
 * reports no usage, so it could not be metered.
 */
export const TRANSCRIPTION_FORMATS = ["json", "verbose_json", "diarized_json", "svc_json"] as const;
export const UNMETERABLE_TRANSCRIPTION_FORMATS = ["text", "srt", "vtt"] as const;
/** Gateway-level names of parameters that raise a transcription rate (SPEC 4.1). */
export const SURCHARGED_PARAMETERS = ["entity_detection", "entity_redaction", "keyterms", "detect_speaker_roles"] as const;

/** Labels every model of a kind carries besides its own (SPEC 2.1). */
export const BASE_LABELS = {
  chat: [],
  embedding: ["embeddings"],
  image: ["images"],
  transcription: ["transcription", "audio"],
} as const satisfies Record<(typeof MODEL_KINDS)[number], readonly string[]>;

export type ModelKind = (typeof MODEL_KINDS)[number];
export type ModelStatus = (typeof MODEL_STATUSES)[number];
export type RateUnit = (typeof RATE_UNITS)[number];
export type AuthScheme = (typeof AUTH_SCHEMES)[number];
export type Wire = (typeof WIRES)[number];
export type TranscriptionFormat = (typeof TRANSCRIPTION_FORMATS)[number];
export type SurchargedParameter = (typeof SURCHARGED_PARAMETERS)[number];
