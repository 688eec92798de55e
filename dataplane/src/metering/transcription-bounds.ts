import type { SurchargedParameter, TranscriptionModel } from "../../../catalog/src/index.ts";
import type { Usage } from "../providers/types.ts";

/**
 * The lowest bitrate speech is sent at in practice (8 kbit/s: narrow-band codecs, low-bitrate Opus). A file of N
 * bytes holds at most N / 1000 seconds of such audio, the bound a reservation is made on before the provider says.
 */
export const MIN_AUDIO_BYTES_PER_SECOND = 1_000;

/**
 * The most a transcription can bill, as Usage: for a duration-priced model the longest audio the file can hold,
 * with the surcharges the call turns on; for a token-priced one a full context window in and the model's maximum
 * out (the provider cannot take more). What admission reserves, and what is billed when a provider answered but
 * the gateway could not read how much it did.
 */
export function transcriptionWorstCase(model: TranscriptionModel, fileBytes: number, surcharges: readonly SurchargedParameter[]): Usage {
  switch (model.rates.unit) {
    case "minute":
      return { audioSeconds: fileBytes / MIN_AUDIO_BYTES_PER_SECOND, surcharges };
    case "mtok":
      return { inputTokens: model.context_window ?? 0, outputTokens: model.max_output_tokens ?? 0 };
    case "credit":
      // no provider credits can be foreseen from the file; the provider's own count is billed afterwards
      return {};
  }
}
