import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import type { AudioFile } from "./transcription.ts";

export type FormPart = { name: string; value: string } | { name: string; file: AudioFile };

/**
 * A multipart/form-data body that streams its file from disk, with its exact length (so the provider gets a
 * Content-Length, not a chunked upload). A new call gives a new stream: a retry on another credential re-reads
 * the file from the start.
 */
export function multipartBody(parts: readonly FormPart[]): { contentType: string; length: number; body: Readable } {
  const boundary = `----svc${randomBytes(12).toString("hex")}`;
  const pieces: (Buffer | AudioFile)[] = [];
  for (const p of parts) {
    if ("value" in p) {
      pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${quote(p.name)}"\r\n\r\n${p.value}\r\n`));
    } else {
      pieces.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${quote(p.name)}"; filename="${quote(p.file.filename || "audio")}"\r\n` +
            `Content-Type: ${p.file.mimeType || "application/octet-stream"}\r\n\r\n`,
        ),
        p.file,
        Buffer.from("\r\n"),
      );
    }
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  const length = pieces.reduce((n, p) => n + (Buffer.isBuffer(p) ? p.length : p.bytes), 0);
  async function* generate(): AsyncGenerator<Buffer> {
    for (const p of pieces) {
      if (Buffer.isBuffer(p)) yield p;
      else yield* createReadStream(p.path) as AsyncIterable<Buffer>;
    }
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length, body: Readable.from(generate(), { objectMode: false }) };
}

/** Field names and file names as a browser writes them: quotes and line breaks percent-encoded. */
function quote(s: string): string {
  return s.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
