import type { SurchargedParameter } from "../../../catalog/src/index.ts";
import { surchargedName } from "../capabilities/transcription.ts";
import { GatewayError } from "../errors.ts";
import type { FormFields } from "../http/multipart-upload.ts";
import type { TranscriptionOptions } from "../providers/shared/transcription.ts";

/** The fields of a transcription form, sorted into the gateway's own and the rest. */
export interface TranscriptionForm {
  model: string | undefined;
  /** As sent; undefined when absent. */
  responseFormat: string | undefined;
  stream: boolean;
  /** Surcharged parameters the form names, whatever their value: a model that lists none refuses them all. */
  surcharged: SurchargedParameter[];
  options: TranscriptionOptions;
  /** Everything else, as sent and in order, for the provider's adapter to accept or refuse. */
  extra: [string, string][];
}

/** Fields that make sense once; a second copy is a client bug worth naming rather than guessing which one counts. */
const SINGLE = new Set(["model", "response_format", "stream", "entity_detection", "entity_redaction", "detect_speaker_roles", "language"]);

const bad = (param: string, message: string) => new GatewayError("invalid_request_error", message, { param });

function flag(name: string, value: string): boolean {
  const v = value.trim().toLowerCase();
  if (v === "true") return true;
  if (v === "false") return false;
  throw bad(name, `\`${name}\` must be true or false.`);
}

export function readTranscriptionForm(fields: FormFields): TranscriptionForm {
  const single = new Map<string, string>();
  const keyterms: string[] = [];
  const surcharged = new Set<SurchargedParameter>();
  const extra: [string, string][] = [];
  for (const [name, value] of fields) {
    const surcharge = surchargedName(name);
    if (surcharge !== undefined) surcharged.add(surcharge);
    if (surcharge === "keyterms") {
      if (value.trim() === "") throw bad("keyterms", "`keyterms` entries must not be empty.");
      keyterms.push(value);
      continue;
    }
    const key = surcharge ?? name;
    if (SINGLE.has(key)) {
      if (single.has(key)) throw bad(key, `\`${key}\` is sent twice; send it once.`);
      single.set(key, value);
      // the client's language hint is also OpenAI's own parameter, passed on as sent
      if (key === "language") extra.push([name, value]);
      continue;
    }
    extra.push([name, value]);
  }
  const opt = (name: string) => {
    const v = single.get(name);
    return v === undefined ? false : flag(name, v);
  };
  const language = single.get("language")?.trim();
  return {
    model: single.get("model")?.trim(),
    responseFormat: single.get("response_format")?.trim(),
    stream: opt("stream"),
    surcharged: [...surcharged],
    options: {
      entityDetection: opt("entity_detection"),
      entityRedaction: opt("entity_redaction"),
      keyterms,
      detectSpeakerRoles: opt("detect_speaker_roles"),
      language: language === "" ? undefined : language,
    },
    extra,
  };
}
