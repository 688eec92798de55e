import type { TranscriptionFormat } from "../../../../catalog/src/index.ts";
import { GatewayError } from "../../errors.ts";
import type { Usage } from "../types.ts";
import { canonicalLanguage } from "./language.ts";
import { svcJson, usageObject, type Transcript } from "./svc-transcript.ts";

/**
 * The answer in the client's response_format for a provider that speaks none of OpenAI's: json and verbose_json
 * are OpenAI's shapes filled from the provider's reading, svc_json the gateway's own. Entities, when the client
 * paid for entity detection, ride along in every format (OpenAI's shapes have no place for them).
 */
export function formatTranscript(format: TranscriptionFormat, model: string, t: Transcript, usage: Usage | undefined): string {
  const u = usageObject(usage);
  const entities = t.entities === null ? {} : { entities: t.entities };
  switch (format) {
    case "json":
      return JSON.stringify({ text: t.text, ...entities, usage: u });
    case "verbose_json":
      return JSON.stringify({
        task: "transcribe",
        language: canonicalLanguage(t.language),
        duration: t.duration,
        text: t.text,
        ...(t.words === null ? {} : { words: t.words.filter((w) => w.start !== null && w.end !== null).map((w) => ({ word: w.word, start: w.start, end: w.end })) }),
        ...(t.segments === null ? {} : { segments: t.segments.map((s, id) => ({ id, start: s.start, end: s.end, text: s.text })) }),
        ...entities,
        usage: u,
      });
    case "svc_json":
      return JSON.stringify(svcJson(model, t, u));
    case "diarized_json":
      // the catalog never lists it for these providers, and the route serves only listed formats
      throw new GatewayError("internal_error", `${model} cannot answer in diarized_json.`);
  }
}
