import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import busboy from "busboy";
import type { Cancellation } from "../cancellation.ts";
import { asGatewayError, GatewayError } from "../errors.ts";
import { noteLargeBody } from "../heap-tuning.ts";

/** The request body as uWebSockets.js hands it over: chunks valid only during the callback, pausable. */
export interface BodySource {
  onData(handler: (chunk: ArrayBuffer, isLast: boolean) => void): unknown;
  pause(): void;
  resume(): void;
}

export type FormFields = readonly (readonly [name: string, value: string])[];

export interface UploadedFile {
  /** The spooled copy on local disk; gone once the upload is discarded. */
  readonly path: string;
  readonly bytes: number;
  readonly filename: string;
  readonly mimeType: string;
}

export interface Upload {
  /** The non-file fields in arrival order; a name may repeat (`keyterms[]`). */
  readonly fields: FormFields;
  readonly file: UploadedFile;
  /** Removes the spooled file. Idempotent; never throws. */
  discard(): Promise<void>;
}

export interface FileLimit {
  maxBytes: number;
  /** The refusal once the file passes maxBytes. */
  tooLarge: () => GatewayError;
}

export interface UploadOptions {
  contentType: string;
  /** The one part that carries the file. */
  fileField: string;
  /**
   * Called when the file part begins, with the fields sent before it (clients send them in any order): the most
   * bytes the file may have. May throw to refuse the request before any of the file is stored.
   */
  fileLimit(fieldsBefore: FormFields): FileLimit;
  /** Where the file is spooled. */
  dir: string;
  /** Fires when the client goes away: everything stops and the spooled file is removed. */
  signal: Cancellation;
  /** Bounds on the non-file fields, which are held in memory. */
  maxFieldBytes?: number;
  maxTotalFieldBytes?: number;
  maxFields?: number;
}

interface Spool {
  path: string;
  out: WriteStream;
  bytes: number;
  filename: string;
  mimeType: string;
  /** The file part ended and every byte of it is on disk. */
  stored: boolean;
}

/** Room for the largest field a client has reason to send (a speaker reference sample as a data URL). */
const MAX_FIELD_BYTES = 2 * 1024 * 1024;
const MAX_TOTAL_FIELD_BYTES = 8 * 1024 * 1024;
const MAX_FIELDS = 2_000;

const bad = (message: string, param: string | null = null) => new GatewayError("invalid_request_error", message, { param });

/**
 * Reads a multipart/form-data body as it arrives and spools its one file part to disk, counting bytes, so a file
 * over its ceiling is refused as soon as it passes it and never held whole in memory. Must be called before the
 * handler's first await (uWS delivers the body only to a handler registered at once). Throws at once when the
 * Content-Type is not multipart/form-data with a boundary. On every failure the spooled file is removed before the
 * promise rejects; on success the caller owns it and must call `discard()`.
 */
export function receiveUpload(source: BodySource, opts: UploadOptions): Promise<Upload> {
  const parser = multipartParser(opts);
  const maxTotal = opts.maxTotalFieldBytes ?? MAX_TOTAL_FIELD_BYTES;
  return new Promise<Upload>((resolve, reject) => {
    const fields: [string, string][] = [];
    let fieldBytes = 0;
    let spool: Spool | undefined;
    let parsed = false;
    let settled = false;
    let paused = false;

    // a file stream destroyed while it is still opening creates its file after all when the open completes: the
    // file is removed only once the stream has closed, or a busy machine leaves it behind
    const discard = async (): Promise<void> => {
      if (!spool) return;
      const out = spool.out;
      if (!out.closed) await new Promise<void>((resolve) => out.once("close", () => resolve()));
      await rm(spool.path, { force: true }).catch(() => undefined);
    };

    /** `clientGone`: the response is dead, and uWS forbids touching it. */
    const fail = (err: GatewayError, clientGone = false): void => {
      if (settled) return;
      settled = true;
      parser.destroy();
      spool?.out.destroy();
      // what is still on its way is read and dropped, so the refusal can be written (uWS breaks the connection's
      // next request when a socket that was never paused is resumed)
      if (paused && !clientGone) source.resume();
      void discard().then(() => reject(err));
    };

    const finishIfDone = (): void => {
      if (settled || !parsed || (spool !== undefined && !spool.stored)) return;
      if (spool === undefined) return fail(bad(`The form has no \`${opts.fileField}\` part: send the audio as a file in a field named \`${opts.fileField}\`.`, opts.fileField));
      settled = true;
      const { path, bytes, filename, mimeType } = spool;
      resolve({ fields, file: { path, bytes, filename, mimeType }, discard });
    };

    parser.on("field", (name, value, info) => {
      if (settled) return;
      if (info.nameTruncated || info.valueTruncated) return fail(bad(`The form field \`${name.slice(0, 100)}\` is too long.`, name.slice(0, 100)));
      fieldBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
      if (fieldBytes > maxTotal) return fail(bad(`The form's fields (besides the file) exceed ${maxTotal} bytes.`));
      fields.push([name, value]);
    });
    parser.on("fieldsLimit", () => fail(bad(`The form has more than ${opts.maxFields ?? MAX_FIELDS} fields.`)));
    parser.on("file", (name, stream, info) => {
      // a destroyed parser destroys the part's stream with an error; the request's outcome is already decided
      stream.on("error", () => undefined);
      if (settled) return void stream.resume();
      if (name !== opts.fileField) {
        stream.resume();
        return fail(bad(`Unexpected file in field \`${name.slice(0, 100)}\`; the audio goes in a field named \`${opts.fileField}\`.`, name.slice(0, 100)));
      }
      if (spool !== undefined) {
        stream.resume();
        return fail(bad(`The form carries more than one \`${opts.fileField}\`; send exactly one file.`, opts.fileField));
      }
      let limit: FileLimit;
      try {
        limit = opts.fileLimit(fields);
      } catch (err) {
        stream.resume();
        return fail(asGatewayError(err));
      }
      const path = join(opts.dir, `svc-upload-${randomUUID()}`);
      const out = createWriteStream(path, { flags: "wx", mode: 0o600 });
      const s: Spool = { path, out, bytes: 0, filename: info.filename ?? "", mimeType: info.mimeType, stored: false };
      spool = s;
      out.on("error", () => fail(new GatewayError("internal_error", "The gateway could not store the upload.")));
      out.on("finish", () => {
        s.stored = true;
        finishIfDone();
      });
      stream.on("data", (chunk: Buffer) => {
        if (settled) return;
        s.bytes += chunk.byteLength;
        if (s.bytes > limit.maxBytes) return fail(limit.tooLarge());
        if (!out.write(chunk)) {
          stream.pause();
          out.once("drain", () => stream.resume());
        }
      });
      stream.on("end", () => out.end());
    });
    parser.on("error", (err: unknown) => fail(bad(`The multipart body is malformed or incomplete (${err instanceof Error ? err.message : "unreadable"}).`)));
    parser.on("finish", () => {
      parsed = true;
      finishIfDone();
    });

    opts.signal.addEventListener("abort", () => fail(new GatewayError("invalid_request_error", "The client went away during the upload."), true), { once: true });

    source.onData((chunk, isLast) => {
      if (settled) return;
      // the chunk is uWS's memory only until this callback returns
      const copy = Buffer.from(chunk.slice(0));
      // an upload's bytes weigh on V8's limit as a JSON body's do (heap-tuning.ts)
      noteLargeBody(copy.length);
      const more = parser.write(copy);
      // the write may have decided the request (a refusal resumes the source, which must stay resumed)
      if (settled) return;
      if (isLast) parser.end();
      else if (!more && !paused) {
        paused = true;
        source.pause();
        parser.once("drain", () => {
          if (settled) return;
          paused = false;
          source.resume();
        });
      }
    });
  });
}

/** busboy for a multipart/form-data Content-Type, or the 400 that says what is wrong with it. */
function multipartParser(opts: UploadOptions): busboy.Busboy {
  const type = opts.contentType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type !== "multipart/form-data") {
    const sent = type === "" ? "no Content-Type" : `Content-Type ${type.slice(0, 100)}`;
    const json = type === "application/json" ? " A JSON body is not accepted here." : "";
    throw bad(`This endpoint takes multipart/form-data (the fields plus the audio in a \`${opts.fileField}\` part); the request sent ${sent}.${json}`);
  }
  try {
    return busboy({
      headers: { "content-type": opts.contentType },
      limits: { fieldSize: opts.maxFieldBytes ?? MAX_FIELD_BYTES, fields: opts.maxFields ?? MAX_FIELDS, fieldNameSize: 200 },
    });
  } catch {
    throw bad("The multipart/form-data Content-Type has no usable boundary parameter.");
  }
}
