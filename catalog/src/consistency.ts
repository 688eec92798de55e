import type { EmbeddingModel, ImageModel, Model, TranscriptionModel } from "./schema.ts";
import type { ModelKind, RateUnit } from "./vocab.ts";
import { BASE_LABELS, CHAT_LABELS, IMAGE_ANY_SIZE, IMAGE_LABELS, IMAGE_QUALITY_TIERS, TRANSCRIPTION_FORMATS } from "./vocab.ts";

/**
 * Rules inside one parsed model: its labels, svc block and rates must tell the same story, because
 * MODELS.md prints the labels while the routes enforce the svc block and metering bills the rates.
 */

export interface FieldProblem {
  readonly field: string;
  readonly message: string;
}

const WIDTHS_LABEL = /^[1-9][0-9]*(?:\/[1-9][0-9]*)*d$/;

const OWN_LABELS: Record<ModelKind, readonly string[]> = {
  chat: CHAT_LABELS,
  embedding: [],
  image: IMAGE_LABELS,
  transcription: TRANSCRIPTION_FORMATS,
};

const UNITS: Record<ModelKind, readonly RateUnit[]> = {
  chat: ["mtok"],
  embedding: ["mtok", "credit"],
  image: ["mtok", "credit"],
  transcription: ["mtok", "minute", "credit"],
};

function sameSet(a: readonly unknown[], b: readonly unknown[]): boolean {
  const sa = new Set(a);
  return sa.size === new Set(b).size && b.every((x) => sa.has(x));
}

const list = (xs: readonly unknown[]) => (xs.length === 0 ? "(none)" : xs.join(", "));

export function modelProblems(m: Model): FieldProblem[] {
  const out: FieldProblem[] = [...labelProblems(m), ...rateProblems(m)];
  switch (m.kind) {
    case "chat":
      if (m.labels.includes("cache") && m.rates.cached_input_micros === null) {
        out.push({ field: "rates.cached_input", message: "is required when the model carries the cache label" });
      }
      if (m.context_window !== null && m.max_output_tokens > m.context_window) {
        out.push({ field: "max_output_tokens", message: `${m.max_output_tokens} exceeds context_window ${m.context_window}` });
      }
      break;
    case "embedding":
      out.push(...embeddingProblems(m));
      break;
    case "image":
      out.push(...imageProblems(m));
      break;
    case "transcription":
      out.push(...transcriptionProblems(m));
      break;
  }
  return out;
}

function labelProblems(m: Model): FieldProblem[] {
  const out: FieldProblem[] = [];
  if (new Set(m.labels).size !== m.labels.length) out.push({ field: "labels", message: "lists a label twice" });
  const required: readonly string[] = BASE_LABELS[m.kind];
  for (const label of required) {
    if (!m.labels.includes(label)) out.push({ field: "labels", message: `must include "${label}" for ${m.kind} models` });
  }
  for (const label of m.labels) {
    const known = required.includes(label) || OWN_LABELS[m.kind].includes(label) || (m.kind === "embedding" && WIDTHS_LABEL.test(label));
    if (!known) {
      out.push({ field: "labels", message: `"${label}" is not a ${m.kind} label (allowed: ${list([...required, ...OWN_LABELS[m.kind]])})` });
    }
  }
  return out;
}

function rateProblems(m: Model): FieldProblem[] {
  const out: FieldProblem[] = [];
  const { unit, output_micros } = m.rates;
  if (!UNITS[m.kind].includes(unit)) {
    out.push({ field: "rates.unit", message: `${unit} is not a rate unit for ${m.kind} models (allowed: ${list(UNITS[m.kind])})` });
  }
  if (m.kind === "chat" && output_micros === null) {
    out.push({ field: "rates.output", message: "is required for chat models" });
  }
  if ((m.kind === "embedding" || unit === "minute") && output_micros !== null) {
    out.push({ field: "rates.output", message: "must be null: there is no separately billed output" });
  }
  const surcharged = Object.keys(m.rates.surcharge_micros);
  if (surcharged.length > 0 && m.kind !== "transcription") {
    out.push({ field: "rates.surcharges", message: `only transcription models carry surcharges, not ${m.kind} models` });
  } else if (surcharged.length > 0 && unit !== "minute") {
    out.push({ field: "rates.surcharges", message: `are billed per minute of audio, so they need unit minute, not ${unit}` });
  }
  return out;
}

function embeddingProblems(m: EmbeddingModel): FieldProblem[] {
  const widthLabels = m.labels.filter((l) => WIDTHS_LABEL.test(l));
  const [label] = widthLabels;
  if (widthLabels.length !== 1 || label === undefined) {
    return [{ field: "labels", message: 'needs exactly one width label such as "2048/1024/512d"' }];
  }
  const out: FieldProblem[] = [];
  const widths = label.slice(0, -1).split("/").map(Number);
  if (widths.some((w, i) => i > 0 && w >= (widths[i - 1] ?? 0))) {
    out.push({ field: "labels", message: `width label "${label}" must list widths from largest to smallest` });
  }
  const { default_dimensions, supported_dimensions } = m.svc;
  if (!widths.includes(default_dimensions)) {
    out.push({ field: "svc.default_dimensions", message: `${default_dimensions} is not in the width label "${label}"` });
  }
  if (supported_dimensions !== undefined && !sameSet(supported_dimensions, widths)) {
    out.push({ field: "svc.supported_dimensions", message: `[${list(supported_dimensions)}] differs from the width label "${label}"` });
  }
  return out;
}

function imageProblems(m: ImageModel): FieldProblem[] {
  const out: FieldProblem[] = [];
  const { sizes, min_edge, qualities, tier_output_tokens } = m.svc;
  if ((sizes === undefined) === (min_edge === undefined)) {
    out.push({ field: "svc", message: "needs exactly one of sizes (fixed spellings) or min_edge (any size)" });
  }
  if (m.labels.includes(IMAGE_ANY_SIZE) !== (min_edge !== undefined)) {
    out.push({ field: "labels", message: `must include "${IMAGE_ANY_SIZE}" if and only if svc has min_edge` });
  }
  const tierLabels = m.labels.filter((l) => (IMAGE_QUALITY_TIERS as readonly string[]).includes(l));
  const pricedQualities = qualities.filter((q) => q !== "auto");
  if (!sameSet(tierLabels, pricedQualities)) {
    out.push({ field: "labels", message: `quality tiers [${list(tierLabels)}] differ from svc.qualities [${list(pricedQualities)}]` });
  }
  for (const key of Object.keys(tier_output_tokens ?? {})) {
    const problem = tierKeyProblem(key, m.svc);
    if (problem !== null) out.push({ field: `svc.tier_output_tokens.${key}`, message: problem });
  }
  return out;
}

function tierKeyProblem(key: string, svc: ImageModel["svc"]): string | null {
  const [quality, size, ...rest] = key.split(":");
  if (quality === undefined || size === undefined || rest.length > 0) return 'key must be "quality:size"';
  if (!(svc.qualities as readonly string[]).includes(quality)) return `quality "${quality}" is not in svc.qualities`;
  if (svc.sizes !== undefined) return svc.sizes.includes(size) ? null : `size "${size}" is not in svc.sizes`;
  const edges = /^([1-9][0-9]*)x([1-9][0-9]*)$/.exec(size);
  if (edges === null) return `size "${size}" must be WIDTHxHEIGHT`;
  return Math.min(Number(edges[1]), Number(edges[2])) < (svc.min_edge ?? 0) ? `size "${size}" is below svc.min_edge` : null;
}

function transcriptionProblems(m: TranscriptionModel): FieldProblem[] {
  const out: FieldProblem[] = [];
  const formatLabels = m.labels.filter((l) => (TRANSCRIPTION_FORMATS as readonly string[]).includes(l));
  if (!sameSet(formatLabels, m.svc.response_formats)) {
    out.push({ field: "labels", message: `formats [${list(formatLabels)}] differ from svc.response_formats [${list(m.svc.response_formats)}]` });
  }
  // a surcharged parameter without a rate would be served below cost; a rate nobody can enable is a typo
  const rates = m.rates.surcharge_micros;
  for (const p of m.svc.surcharged_parameters) {
    if (rates[p] === undefined) out.push({ field: "rates.surcharges", message: `needs a rate for ${p}, which svc.surcharged_parameters lists` });
  }
  for (const p of Object.keys(rates)) {
    if (!(m.svc.surcharged_parameters as readonly string[]).includes(p)) out.push({ field: `rates.surcharges.${p}`, message: "is not in svc.surcharged_parameters" });
  }
  return out;
}
