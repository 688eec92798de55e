import type { Model, Provider } from "../../../catalog/src/index.ts";
import { assemblyAITranscription } from "./assemblyai/transcription.ts";
import { deepgramTranscription } from "./deepgram/transcription.ts";
import { elevenLabsTranscription } from "./elevenlabs/transcription.ts";
import { openAITranscription } from "./openai-compat/transcriptions.ts";
import type { TranscriptionAdapter } from "./shared/transcription.ts";

/** Explicit registration: a wire format serves transcription only once its adapter is listed here. */
const adapters: Partial<Record<Provider["wire"], TranscriptionAdapter>> = {
  openai: openAITranscription,
  deepgram: deepgramTranscription,
  assemblyai: assemblyAITranscription,
  elevenlabs: elevenLabsTranscription,
};

export function transcriptionAdapterFor(provider: Provider): TranscriptionAdapter | undefined {
  return adapters[provider.wire];
}

export function hasTranscriptionAdapter(model: Model, provider: Provider): boolean {
  return model.kind === "transcription" && adapters[provider.wire] !== undefined;
}
