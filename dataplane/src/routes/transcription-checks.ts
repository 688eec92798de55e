import type { TranscriptionModel } from "../../../catalog/src/index.ts";
import type { KeyEntry } from "../../../proto/messages.ts";
import { fileTooLarge, largestFileBytes } from "../capabilities/transcription.ts";
import type { DataPlaneDeps } from "../deps.ts";
import { GatewayError } from "../errors.ts";
import type { FileLimit, FormFields } from "../http/multipart-upload.ts";
import { baseName, type TranscriptionAdapter } from "../providers/shared/transcription.ts";
import { keyAllows, resolveForUse } from "./model-access.ts";

/** The form fields the route itself reads; everything else is the provider adapter's to take or refuse. */
const GATEWAY_FIELDS = ["model", "file", "response_format", "stream", "entity_detection", "entity_redaction", "keyterms", "detect_speaker_roles"];

/**
 * The ceiling for a file as its part begins. With the model already named, it is that model's max_file_bytes (and
 * a model that cannot be used at all is refused before a byte is stored). Clients may send the file first (the
 * openai SDK does when `file` is the first key it is given): then it is the largest any transcription model the
 * key may use accepts, and the model's own ceiling is checked once the form is complete.
 */
export function uploadCeiling(deps: DataPlaneDeps, key: KeyEntry, fieldsBefore: FormFields): FileLimit {
  const named = fieldsBefore.find(([n]) => n === "model")?.[1].trim();
  if (named !== undefined) {
    const model = deps.catalog.resolve(named);
    if (model?.kind === "transcription" && keyAllows(key, model.slug)) return { maxBytes: model.svc.max_file_bytes, tooLarge: () => fileTooLarge(model) };
    // unknown, of another kind, or outside the allowlist: say so now rather than after the whole upload
    resolveForUse(deps, key, named, "transcription");
  }
  const all = deps.catalog.models.filter((m): m is TranscriptionModel => m.kind === "transcription");
  const reachable = all.filter((m) => keyAllows(key, m.slug));
  const maxBytes = largestFileBytes(reachable.length > 0 ? reachable : all);
  return {
    maxBytes,
    tooLarge: () => new GatewayError("request_too_large", `The file is more than ${maxBytes} bytes, more than any transcription model this key may use accepts.`, { param: "file" }),
  };
}

/** Each field beyond the gateway's own must be one the model's provider takes; nothing is dropped silently. */
export function checkProviderParameters(model: TranscriptionModel, adapter: TranscriptionAdapter, extra: FormFields): void {
  for (const [name] of extra) {
    const base = baseName(name);
    if (adapter.parameters.has(base)) continue;
    const own = [...adapter.parameters].join(", ");
    throw new GatewayError("invalid_request_error", `\`${base.slice(0, 100)}\` is not a parameter ${model.slug} takes. Besides ${GATEWAY_FIELDS.join(", ")}, it takes: ${own}.`, {
      param: base.slice(0, 100),
    });
  }
}

export function checkNotEmpty(bytes: number): void {
  if (bytes === 0) throw new GatewayError("invalid_request_error", "The file is empty.", { param: "file" });
}
