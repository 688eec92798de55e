import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { AudioFile } from "./transcription.ts";

/** A field, or a file held in memory (images). */
export type MemoryPart = { name: string; value: string } | { name: string; data: Uint8Array; filename: string; contentType: string | undefined };
/** A field, or a file spooled to disk (transcription uploads). */
export type FormPart = { name: string; value: string } | { name: string; file: AudioFile };

/** Field names and file names as a browser writes them (WHATWG form encoding): quotes and line breaks percent-encoded. */
function quote(s: string): string {
  return s.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}

/** One part's head (RFC 7578); a file part names its file and type, with no line break let into the header. */
function partHead(boundary: string, name: string, file?: { filename: string; contentType: string | undefined }): Buffer {
  let head = `--${boundary}\r\nContent-Disposition: form-data; name="${quote(name)}"`;
  if (file) head += `; filename="${quote(file.filename)}"\r\nContent-Type: ${(file.contentType || "application/octet-stream").replace(/[\r\n]/g, "")}`;
  return Buffer.from(`${head}\r\n\r\n`, "utf8");
}

const contentTypeOf = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/**
 * Parts held in memory as one multipart/form-data body; synchronous and pure, so an upstream call can be rebuilt
 * for a retry. The caller picks a boundary that cannot occur in the parts (a random id of 128 bits).
 */
export function encodeMultipart(parts: readonly MemoryPart[], boundary: string): { body: Uint8Array; contentType: string } {
  const chunks: Uint8Array[] = [];
  for (const p of parts) {
    if ("value" in p) chunks.push(partHead(boundary, p.name), Buffer.from(`${p.value}\r\n`, "utf8"));
    else chunks.push(partHead(boundary, p.name, p), p.data, Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: contentTypeOf(boundary) };
}

/**
 * A multipart/form-data body that streams its file from disk, with its exact length (so the provider gets a
 * Content-Length, not a chunked upload). A new call gives a new stream: a retry on another credential re-reads
 * the file from the start.
 */
export function multipartBody(parts: readonly FormPart[]): { contentType: string; length: number; body: Readable } {
  const boundary = `----svc${randomBytes(12).toString("hex")}`;
  const pieces: (Buffer | AudioFile)[] = [];
  for (const p of parts) {
    if ("value" in p) pieces.push(partHead(boundary, p.name), Buffer.from(`${p.value}\r\n`, "utf8"));
    else pieces.push(partHead(boundary, p.name, { filename: p.file.filename || "audio", contentType: p.file.mimeType }), p.file, Buffer.from("\r\n"));
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.bytes), 0);
  async function* generate(): AsyncGenerator<Buffer> {
    for (const p of pieces) {
      if (Buffer.isBuffer(p)) yield p;
      else yield* createReadStream(p.path) as AsyncIterable<Buffer>;
    }
  }
  return { contentType: contentTypeOf(boundary), length, body: Readable.from(generate(), { objectMode: false }) };
}
