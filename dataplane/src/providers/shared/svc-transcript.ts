import type { Usage } from "../types.ts";
import { canonicalLanguage } from "./language.ts";

/**
 * One shape for what any provider's transcription answer says, and svc_json, the gateway's normalized transcript
 * built from it (docs/transcription.md defines it field by field). Adapters read their provider's answer into a
 * Transcript; everything after that (svc_json, and the OpenAI formats for providers that do not speak them) is
 * built here from the same reading, so two providers' answers differ only where the providers do.
 */

export interface TranscriptWord {
  word: string;
  /** Seconds from the start of the audio; null where the provider gives no timing. */
  start: number | null;
  end: number | null;
  speaker: string | null;
  /** 0..1 as the provider reports it; null where it reports none. */
  confidence: number | null;
}

export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
  speaker: string | null;
}

export interface TranscriptEntity {
  /** The provider's entity type name (person_name, email_address, …). */
  type: string;
  text: string;
  /** Seconds, where the provider places entities in time; null where it places them in the text only. */
  start: number | null;
  end: number | null;
}

/** A provider's answer, read. A list the provider does not produce is null: not reported is not empty. */
export interface Transcript {
  text: string;
  /** The provider's own spelling; canonicalized on the way out. */
  language: string | null;
  /** Seconds of audio. */
  duration: number | null;
  segments: TranscriptSegment[] | null;
  words: TranscriptWord[] | null;
  /** Present only when entity detection ran. */
  entities: TranscriptEntity[] | null;
}

/** The usage object every JSON answer carries, in OpenAI's two shapes: what the request is billed on. */
export function usageObject(usage: Usage | undefined): Record<string, unknown> | null {
  if (usage === undefined) return null;
  if (usage.audioSeconds !== undefined) return { type: "duration", seconds: usage.audioSeconds };
  if (usage.inputTokens === undefined && usage.outputTokens === undefined) return null;
  const input = usage.inputTokens ?? 0;
  const output = usage.outputTokens ?? 0;
  return { type: "tokens", input_tokens: input, output_tokens: output, total_tokens: input + output };
}

/** Speaker labels in order of first appearance; null when the provider labelled no one. */
export function speakersOf(t: Transcript): string[] | null {
  const seen = new Set<string>();
  for (const s of t.segments ?? []) if (s.speaker !== null) seen.add(s.speaker);
  for (const w of t.words ?? []) if (w.speaker !== null) seen.add(w.speaker);
  return seen.size === 0 ? null : [...seen];
}

/** svc_json: the same fields, in the same order, for every model that serves it. */
export function svcJson(model: string, t: Transcript, usage: Record<string, unknown> | null): Record<string, unknown> {
  return {
    model,
    text: t.text,
    language: canonicalLanguage(t.language),
    duration: t.duration,
    segments: t.segments?.map((s, id) => ({ id, start: s.start, end: s.end, text: s.text, speaker: s.speaker })) ?? null,
    words: t.words?.map((w) => ({ word: w.word, start: w.start, end: w.end, speaker: w.speaker, confidence: w.confidence })) ?? null,
    speakers: speakersOf(t),
    entities: t.entities,
    usage,
  };
}

/** A finite number, or null: provider JSON is read defensively, never trusted to hold the type it documents. */
export function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) ? v : null;
}

export function str(v: unknown): string | null {
  return typeof v === "string" ? v : null;
}
