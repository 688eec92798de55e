// The scalar parameters a translating adapter reads from an OpenAI chat body (max_tokens, temperature, stop…), as
// zod schemas built from one table of kinds, and the same check written by hand. The hand check runs first: on a
// body whose parameters are all plainly right (nearly every body) zod is not called at all. Zod still answers every
// body the hand check does not pass, so a 400 names the field and says what is wrong as before. Why: at one request
// at a time zod's code is cold on every call, and its pass over a dozen optional fields cost a translated request
// ~11 µs of its ~45 µs build (docs/performance.md). A property test holds the hand check to zod's verdict.
import { invalid } from "./invalid.ts";
import { z } from "zod";

const EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;

const SCHEMAS = {
  positiveInt: z.number().int().positive().nullish(),
  int: z.number().int().nullish(),
  number: z.number().nullish(),
  string: z.string().nullish(),
  stop: z.union([z.string(), z.array(z.string())]).nullish(),
  effort: z.enum(EFFORTS).nullish(),
} as const;

export type ParamKind = keyof typeof SCHEMAS;
export type ParamShape<K extends Record<string, ParamKind>> = { [F in keyof K]: (typeof SCHEMAS)[K[F]] };

/** The zod shape of a table of parameter kinds: what `z.looseObject` takes. */
export function paramShape<const K extends Record<string, ParamKind>>(kinds: K): ParamShape<K> {
  const shape: Record<string, z.ZodType> = {};
  for (const field in kinds) shape[field] = SCHEMAS[kinds[field]!];
  return shape as ParamShape<K>;
}

/**
 * True when every field of `kinds` in `body` is absent, null or plainly of its kind: then the zod schema of the same
 * kinds accepts the body and reads the same values. False says nothing: the schema then decides.
 */
export function paramsPlainlyValid(body: Readonly<Record<string, unknown>>, kinds: Readonly<Record<string, ParamKind>>): boolean {
  for (const field in kinds) {
    const v = body[field];
    if (v === undefined || v === null) continue;
    switch (kinds[field]) {
      case "positiveInt":
        if (!Number.isSafeInteger(v) || (v as number) <= 0) return false;
        break;
      case "int":
        if (!Number.isSafeInteger(v)) return false;
        break;
      case "number":
        if (!Number.isFinite(v)) return false;
        break;
      case "string":
        if (typeof v !== "string") return false;
        break;
      case "stop":
        if (typeof v !== "string" && !(Array.isArray(v) && v.every((s) => typeof s === "string"))) return false;
        break;
      case "effort":
        if (!(EFFORTS as readonly unknown[]).includes(v)) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/** An OpenAI parameter a provider has no counterpart for; `changesAnswer` is false for a value that changes nothing. */
export type RefusedParam = readonly [field: string, changesAnswer: (v: unknown) => boolean, why: string];

/**
 * The first refused parameter the body sets to a value that would change the answer, as a 400 naming it. Absent and
 * null values change no answer, so the checks of fields a body does not set are not called.
 */
export function refuseUnsupported(body: Readonly<Record<string, unknown>>, refused: readonly RefusedParam[]): void {
  for (const [field, changesAnswer, why] of refused) {
    const v = body[field];
    if (v !== undefined && v !== null && changesAnswer(v)) throw invalid(field, `\`${field}\` is not supported for this model. ${why}`);
  }
}
