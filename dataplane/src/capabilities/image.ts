import type { ImageModel } from "../../../catalog/src/index.ts";
import { GatewayError } from "../errors.ts";

/** The `svc` block of an image model (SPEC 2.2). A type alias, so it is a plain record for the models route. */
export type ImageBlock = {
  kind: "image";
  sizes?: string[];
  min_edge?: number;
  qualities: string[];
  max_n: number;
  output_formats?: string[];
  max_input_images: number;
};

/**
 * The block published on GET /v1/models/{id}. Every image model in the catalog carries the parameters the
 * gateway narrows it by (the catalog schema requires them), so every served image model publishes one: no
 * catalog entry is a pure passthrough. `tier_output_tokens` is pricing, not behaviour, and stays private.
 */
export function imageBlock(model: ImageModel): ImageBlock {
  const s = model.svc;
  const block: ImageBlock = { kind: "image", qualities: [...s.qualities], max_n: s.max_n, max_input_images: s.max_input_images };
  if (s.sizes !== undefined) block.sizes = [...s.sizes];
  else if (s.min_edge !== undefined) block.min_edge = s.min_edge;
  if (s.output_formats !== undefined) block.output_formats = [...s.output_formats];
  return block;
}

/** The request values the block speaks for, as the client sent them; null and undefined mean "not sent". */
export interface ImageChoices {
  n?: unknown;
  quality?: unknown;
  size?: unknown;
  output_format?: unknown;
}

/** `1024x1536` → its edges; undefined for anything else (including `auto`). */
export function sizeEdges(size: string): { width: number; height: number } | undefined {
  const m = /^([1-9][0-9]{0,5})x([1-9][0-9]{0,5})$/.exec(size);
  return m ? { width: Number(m[1]), height: Number(m[2]) } : undefined;
}

function refuse(param: string, message: string): GatewayError {
  return new GatewayError("invalid_request_error", message, { param });
}

const listed = (values: readonly string[]) => values.join(", ");

/**
 * The checks behind the block, in the order of its fields: each value the block lists is accepted, anything else
 * is a 400 naming the parameter. Sizes the block leaves free (min_edge) are judged only on the edge; the other
 * limits of such a model (multiples of 16, aspect, pixel count) are the provider's to enforce.
 */
export function checkImageChoices(model: ImageModel, c: ImageChoices): void {
  const s = model.svc;
  if (c.n != null && !(typeof c.n === "number" && Number.isInteger(c.n) && c.n >= 1 && c.n <= s.max_n)) {
    throw refuse("n", `\`n\` must be a whole number from 1 to ${s.max_n} for ${model.slug}.`);
  }
  if (c.quality != null && !(typeof c.quality === "string" && (s.qualities as readonly string[]).includes(c.quality))) {
    throw refuse("quality", `\`quality\` must be one of ${listed(s.qualities)} for ${model.slug}.`);
  }
  if (c.size != null) checkSize(model, c.size);
  if (c.output_format != null && s.output_formats !== undefined && !(typeof c.output_format === "string" && (s.output_formats as readonly string[]).includes(c.output_format))) {
    throw refuse("output_format", `\`output_format\` must be one of ${listed(s.output_formats)} for ${model.slug}.`);
  }
}

function checkSize(model: ImageModel, size: unknown): void {
  const { sizes, min_edge } = model.svc;
  if (sizes !== undefined) {
    if (typeof size === "string" && sizes.includes(size)) return;
    throw refuse("size", `\`size\` must be one of ${listed(sizes)} for ${model.slug}.`);
  }
  const edges = typeof size === "string" ? sizeEdges(size) : undefined;
  // `auto` leaves the size to the provider, as on every OpenAI image model
  if (size === "auto" || (edges !== undefined && Math.min(edges.width, edges.height) >= (min_edge ?? 1))) return;
  throw refuse("size", `\`size\` must be "auto" or WIDTHxHEIGHT with both edges at least ${min_edge ?? 1} pixels for ${model.slug}.`);
}

/** POST /v1/images/edits: at least one picture and no more than the block's max_input_images. `param` names where they were sent. */
export function checkInputPictures(model: ImageModel, count: number, param: string): void {
  const max = model.svc.max_input_images;
  if (max === 0) throw refuse(param, `${model.slug} does not edit pictures; send it to POST /v1/images/generations.`);
  if (count === 0) throw refuse(param, `POST /v1/images/edits needs at least one picture in \`${param}\`.`);
  if (count > max) throw refuse(param, `${model.slug} accepts at most ${max} input picture${max === 1 ? "" : "s"}; ${count} were sent.`);
}
