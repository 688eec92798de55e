import uWS from "uWebSockets.js";
import { GatewayError } from "../errors.ts";
import { parseJsonObject } from "../http/json-body.ts";
import type { FormPart, ImageRequest, InputPicture } from "../providers/image-types.ts";
import { invalid } from "../providers/shared/invalid.ts";

/** Multipart text fields OpenAI defines as numbers or booleans: read as such, so the checks judge values, not spellings. */
const NUMERIC_FIELDS = new Set(["n", "output_compression", "partial_images"]);
const PICTURE_FIELDS = new Set(["image", "image[]"]);

function mediaType(contentType: string): string {
  return contentType.split(";")[0]!.trim().toLowerCase();
}

function unsupportedType(route: string, accepted: string, contentType: string): GatewayError {
  const got = contentType.trim() === "" ? "no Content-Type" : `Content-Type ${mediaType(contentType).slice(0, 100)}`;
  return new GatewayError("unsupported_media_type", `${route} takes ${accepted}; the request has ${got}.`);
}

/** POST /v1/images/generations: a JSON object (a missing Content-Type is read as JSON, as on the chat route). */
export function readGenerationBody(raw: Buffer, contentType: string): ImageRequest {
  const type = mediaType(contentType);
  if (type !== "" && type !== "application/json") {
    const hint = type === "multipart/form-data" ? " (pictures to edit go to POST /v1/images/edits)" : "";
    throw unsupportedType("POST /v1/images/generations", `a JSON body (Content-Type: application/json)${hint}`, contentType);
  }
  const body = parseJsonObject(raw);
  return { operation: "generations", params: body, prompt: promptOf(body), images: [], mask: undefined, wire: { encoding: "json", body } };
}

/** POST /v1/images/edits: JSON with pictures by reference (`images`, `mask`), or multipart/form-data with uploads. */
export function readEditBody(raw: Buffer, contentType: string): ImageRequest {
  const type = mediaType(contentType);
  if (type === "application/json") return readJsonEdit(parseJsonObject(raw));
  if (type === "multipart/form-data") return readMultipartEdit(raw, contentType);
  throw unsupportedType("POST /v1/images/edits", "multipart/form-data (file uploads) or application/json (pictures in `images` by URL or file id)", contentType);
}

function promptOf(params: Readonly<Record<string, unknown>>): string {
  return typeof params.prompt === "string" ? params.prompt : "";
}

/** `{image_url}` or `{file_id}`, exactly one (https://platform.openai.com/docs/api-reference/images/createEdit). */
function pictureRef(value: unknown, param: string): InputPicture {
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const { image_url: url, file_id: id } = value as Record<string, unknown>;
    if (typeof url === "string" && url !== "" && id == null) return { source: "url", url, param: `${param}.image_url` };
    if (typeof id === "string" && id !== "" && url == null) return { source: "file_id", fileId: id, param: `${param}.file_id` };
  }
  throw invalid(param, `\`${param}\` must be an object with exactly one of \`image_url\` (a URL or a base64 data: URL) or \`file_id\`.`);
}

function readJsonEdit(body: Record<string, unknown>): ImageRequest {
  const { images, mask, ...params } = body;
  if (params.image !== undefined) {
    throw invalid("image", "In a JSON body the pictures go in `images: [{ image_url }]`; `image` is the multipart/form-data field.");
  }
  if (images != null && !Array.isArray(images)) throw invalid("images", "`images` must be an array of `{ image_url }` or `{ file_id }` objects.");
  const pictures = (images ?? []).map((v, i) => pictureRef(v, `images[${i}]`));
  return {
    operation: "edits",
    params,
    prompt: promptOf(params),
    images: pictures,
    mask: mask == null ? undefined : pictureRef(mask, "mask"),
    wire: { encoding: "json", body },
  };
}

function fieldValue(name: string, text: string): unknown {
  if (NUMERIC_FIELDS.has(name) && /^-?[0-9]{1,15}$/.test(text.trim())) return Number(text.trim());
  if (name === "stream" && (text === "true" || text === "false")) return text === "true";
  return text;
}

/**
 * Reads a buffered multipart body with uWS.getParts (the body is already bounded by the server's body limit).
 * Files go in `image` or `image[]` (the openai SDK's spelling of several) and `mask`; every other part is a text
 * field, each sent once.
 */
function readMultipartEdit(raw: Buffer, contentType: string): ImageRequest {
  const fields = uWS.getParts(raw, contentType);
  if (fields === undefined || fields.length === 0) {
    throw new GatewayError("invalid_request_error", "The multipart/form-data body could not be read: it has no parts, or its Content-Type names no boundary.");
  }
  const parts: FormPart[] = [];
  // no prototype: a field named __proto__ is a field like any other
  const params = Object.create(null) as Record<string, unknown>;
  const images: InputPicture[] = [];
  let mask: InputPicture | undefined;
  for (const f of fields) {
    // uWS gives a part whose Content-Disposition has no readable `name` (a stray byte before it, say) no name at all
    if (typeof f.name !== "string" || f.name === "") {
      throw new GatewayError("invalid_request_error", "A part of the multipart/form-data body has no readable `name` in its Content-Disposition.");
    }
    if (f.filename !== undefined) {
      const file = { name: f.name, data: new Uint8Array(f.data.slice(0)), filename: f.filename, contentType: f.type };
      parts.push(file);
      const picture: InputPicture = { source: "upload", data: file.data, filename: file.filename, contentType: file.contentType, param: f.name };
      if (PICTURE_FIELDS.has(f.name)) images.push(picture);
      else if (f.name === "mask" && mask === undefined) mask = picture;
      else if (f.name === "mask") throw invalid("mask", "Only one `mask` may be sent.");
      else throw invalid(f.name, `\`${f.name.slice(0, 100)}\` is not a file field; files go in \`image\` (or \`image[]\`) and \`mask\`.`);
      continue;
    }
    if (PICTURE_FIELDS.has(f.name) || f.name === "mask") throw invalid(f.name, `\`${f.name}\` must be a file upload.`);
    if (Object.hasOwn(params, f.name)) throw invalid(f.name, `\`${f.name.slice(0, 100)}\` was sent twice.`);
    const value = Buffer.from(f.data).toString("utf8");
    parts.push({ name: f.name, value });
    params[f.name] = fieldValue(f.name, value);
  }
  return { operation: "edits", params, prompt: promptOf(params), images, mask, wire: { encoding: "multipart", parts } };
}
