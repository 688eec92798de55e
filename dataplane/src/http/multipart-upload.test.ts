import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GatewayError } from "../errors.ts";
import { receiveUpload, type BodySource, type FileLimit, type FormFields, type UploadOptions } from "./multipart-upload.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "upload-test-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A form serialized the way fetch (undici) sends it. */
async function form(parts: ([string, string] | [string, Buffer, string])[]): Promise<{ body: Buffer; contentType: string }> {
  const fd = new FormData();
  for (const p of parts) {
    if (p.length === 2) fd.append(p[0], p[1]);
    else fd.append(p[0], new Blob([new Uint8Array(p[1])], { type: "audio/wav" }), p[2]);
  }
  const req = new Request("http://upload.test/", { method: "POST", body: fd });
  return { body: Buffer.from(await req.arrayBuffer()), contentType: req.headers.get("content-type") ?? "" };
}

/**
 * Plays a body into the handler the way uWS does: chunk by chunk, each an ArrayBuffer the receiver must copy,
 * waiting while paused. `delivered` is how far it got; `cut` stops delivery early (a client that vanished).
 */
function source(body: Buffer, opts: { chunk?: number; cutAt?: number; onCut?: () => void | Promise<void> } = {}) {
  let handler: ((chunk: ArrayBuffer, isLast: boolean) => void) | undefined;
  let paused = false;
  let wake: (() => void) | undefined;
  const src = {
    delivered: 0,
    pauses: 0,
    onData(h: (chunk: ArrayBuffer, isLast: boolean) => void) {
      handler = h;
    },
    pause() {
      paused = true;
      src.pauses++;
    },
    /** Resumes of a source that was not paused: uWS then mistakes the connection's next request. */
    strayResumes: 0,
    resume() {
      if (!paused) src.strayResumes++;
      paused = false;
      wake?.();
    },
    async play(): Promise<void> {
      const size = opts.chunk ?? 1024;
      for (let off = 0; off < body.length; off += size) {
        if (opts.cutAt !== undefined && off >= opts.cutAt) return opts.onCut?.();
        while (paused) await new Promise<void>((r) => (wake = r));
        const piece = new Uint8Array(body.subarray(off, off + size));
        handler?.(piece.buffer, off + size >= body.length);
        // uWS reuses its buffer: anything kept without copying would now read garbage
        piece.fill(0x58);
        src.delivered = Math.min(off + size, body.length);
        await new Promise((r) => setImmediate(r));
      }
    },
  } satisfies BodySource & Record<string, unknown>;
  return src;
}

const generous = (): FileLimit => ({ maxBytes: 1_000_000, tooLarge: () => new GatewayError("request_too_large", "too large") });

function options(contentType: string, extra: Partial<UploadOptions> = {}): UploadOptions {
  return { contentType, fileField: "file", fileLimit: generous, dir, signal: new AbortController().signal, ...extra };
}

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string; param: string | null }> {
  try {
    await p;
  } catch (e) {
    if (e instanceof GatewayError) return { status: e.status, message: e.message, param: e.param };
    throw e;
  }
  throw new Error("the upload was accepted");
}

const audio = Buffer.from(Array.from({ length: 50_000 }, (_, i) => i % 251));

describe("receiving a multipart upload", () => {
  it("spools the file to disk intact and keeps every field in order, whatever comes first", async () => {
    const { body, contentType } = await form([["file", audio, "a.wav"], ["model", "whisper-1"], ["keyterms[]", "a"], ["keyterms[]", "b"]]);
    const src = source(body, { chunk: 777 });
    const seen: FormFields[] = [];
    const upload = receiveUpload(src, options(contentType, { fileLimit: (f) => (seen.push([...f]), generous()) }));
    await src.play();
    const u = await upload;
    expect(u.fields).toEqual([["model", "whisper-1"], ["keyterms[]", "a"], ["keyterms[]", "b"]]);
    expect(seen).toEqual([[]]);
    expect(u.file).toMatchObject({ bytes: audio.length, filename: "a.wav", mimeType: "audio/wav" });
    expect(readFileSync(u.file.path).equals(audio)).toBe(true);
    await u.discard();
    await u.discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it("shows the ceiling the fields sent before the file", async () => {
    const { body, contentType } = await form([["model", "deepgram/nova-3"], ["response_format", "svc_json"], ["file", audio, "a.wav"]]);
    const src = source(body);
    const seen: FormFields[] = [];
    const upload = receiveUpload(src, options(contentType, { fileLimit: (f) => (seen.push([...f]), generous()) }));
    await src.play();
    await (await upload).discard();
    expect(seen).toEqual([[["model", "deepgram/nova-3"], ["response_format", "svc_json"]]]);
  });

  it("holds the client back while the disk catches up, and still stores every byte", async () => {
    const big = Buffer.alloc(3_000_000, 7);
    const { body, contentType } = await form([["file", big, "big.wav"]]);
    const src = source(body, { chunk: 256 * 1024 });
    const upload = receiveUpload(src, options(contentType, { fileLimit: () => ({ maxBytes: 4_000_000, tooLarge: generous().tooLarge }) }));
    await src.play();
    const u = await upload;
    expect(u.file.bytes).toBe(big.length);
    expect(readFileSync(u.file.path).equals(big)).toBe(true);
    expect(src.pauses).toBeGreaterThan(0);
    await u.discard();
  });

  it("refuses a file as soon as it passes its ceiling, before the rest arrives, and removes what was stored", async () => {
    const { body, contentType } = await form([["model", "m"], ["file", audio, "a.wav"]]);
    const src = source(body, { chunk: 1000 });
    let deliveredAtRefusal = -1;
    const tooLarge = () => ((deliveredAtRefusal = src.delivered), new GatewayError("request_too_large", "over 10000"));
    const upload = receiveUpload(src, options(contentType, { fileLimit: () => ({ maxBytes: 10_000, tooLarge }) }));
    const refused = refusal(upload);
    await src.play();
    expect(await refused).toMatchObject({ status: 413, message: "over 10000" });
    expect(src.strayResumes).toBe(0);
    // decided in the chunk that carries the file's 10,001st byte, with most of the 50 kB still to come
    expect(deliveredAtRefusal).toBeGreaterThanOrEqual(10_000);
    expect(deliveredAtRefusal).toBeLessThan(11_000);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses before storing anything when the ceiling itself refuses (a model known to be wrong)", async () => {
    const { body, contentType } = await form([["model", "nope"], ["file", audio, "a.wav"]]);
    const src = source(body);
    const upload = receiveUpload(src, options(contentType, { fileLimit: () => { throw new GatewayError("model_not_found", "no such model"); } }));
    const refused = refusal(upload);
    await src.play();
    expect(await refused).toMatchObject({ status: 404, message: "no such model" });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("never touches the source again once the client has gone, even while it was paused", async () => {
    const big = Buffer.alloc(3_000_000, 7);
    const { body, contentType } = await form([["file", big, "big.wav"]]);
    const abort = new AbortController();
    let touchedAfterAbort = 0;
    const src = source(body, { chunk: 256 * 1024 });
    const { pause, resume } = src;
    src.pause = () => {
      pause();
      // the client vanishes while the parser is full
      if (!abort.signal.aborted) abort.abort();
    };
    src.resume = () => {
      if (abort.signal.aborted) touchedAfterAbort++;
      resume();
    };
    const upload = receiveUpload(src, options(contentType, { signal: abort.signal, fileLimit: () => ({ maxBytes: 4_000_000, tooLarge: generous().tooLarge }) }));
    const refused = refusal(upload);
    void src.play();
    expect((await refused).message).toContain("went away");
    expect(touchedAfterAbort).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("removes the spooled file when the client goes away mid-upload", async () => {
    const { body, contentType } = await form([["file", audio, "a.wav"], ["model", "m"]]);
    const abort = new AbortController();
    let spooled: string[] = [];
    // the temp file opens asynchronously: on a busy machine it may not exist yet when 30 kB have been sent, so
    // the client "goes away" once it does (bounded), which is the case under test
    const onCut = async () => {
      for (let i = 0; i < 200 && readdirSync(dir).length === 0; i++) await new Promise((r) => setTimeout(r, 10));
      spooled = readdirSync(dir);
      abort.abort();
    };
    const src = source(body, { chunk: 1000, cutAt: 30_000, onCut });
    const upload = receiveUpload(src, options(contentType, { signal: abort.signal }));
    const refused = refusal(upload);
    await src.play();
    expect((await refused).message).toContain("went away");
    expect(spooled).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a truncated body and removes the partial file", async () => {
    const { body, contentType } = await form([["model", "m"], ["file", audio, "a.wav"]]);
    const src = source(body.subarray(0, body.length - 100));
    const upload = receiveUpload(src, options(contentType));
    const refused = refusal(upload);
    await src.play();
    expect(await refused).toMatchObject({ status: 400, message: expect.stringContaining("malformed or incomplete") });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a form without a file part", async () => {
    const { body, contentType } = await form([["model", "m"], ["file", "not a file, a plain field"]]);
    const src = source(body);
    const upload = receiveUpload(src, options(contentType));
    const refused = refusal(upload);
    await src.play();
    expect(await refused).toMatchObject({ status: 400, param: "file", message: expect.stringContaining("has no `file` part") });
    expect(src.strayResumes).toBe(0);
  });

  it("refuses two file parts and removes the first", async () => {
    const { body, contentType } = await form([["file", audio, "a.wav"], ["file", audio, "b.wav"], ["model", "m"]]);
    const src = source(body);
    const upload = receiveUpload(src, options(contentType));
    const refused = refusal(upload);
    await src.play();
    expect(await refused).toMatchObject({ status: 400, message: expect.stringContaining("more than one `file`") });
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a file under another field name", async () => {
    const { body, contentType } = await form([["audio", audio, "a.wav"]]);
    const src = source(body);
    const upload = receiveUpload(src, options(contentType));
    const refused = refusal(upload);
    await src.play();
    expect(await refused).toMatchObject({ status: 400, param: "audio" });
  });

  it("refuses an over-long field and too many fields", async () => {
    const long = await form([["prompt", "x".repeat(2_000)], ["file", audio, "a.wav"]]);
    const a = source(long.body);
    const pa = receiveUpload(a, options(long.contentType, { maxFieldBytes: 1_000 }));
    const refusedA = refusal(pa);
    await a.play();
    expect(await refusedA).toMatchObject({ status: 400, param: "prompt" });
    const many = await form([...Array.from({ length: 5 }, (_, i): [string, string] => [`f${i}`, "v"]), ["file", audio, "a.wav"]]);
    const b = source(many.body);
    const pb = receiveUpload(b, options(many.contentType, { maxFields: 3 }));
    const refusedB = refusal(pb);
    await b.play();
    expect((await refusedB).message).toContain("more than 3 fields");
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([
    ["a JSON body", "application/json", "takes multipart/form-data", "A JSON body is not accepted"],
    ["no content type", "", "sent no Content-Type", ""],
    ["a urlencoded form", "application/x-www-form-urlencoded", "sent Content-Type application/x-www-form-urlencoded", ""],
    ["multipart without a boundary", "multipart/form-data", "no usable boundary", ""],
  ])("refuses %s at once, before reading anything", (_case, contentType, message, more) => {
    let registered = false;
    const src: BodySource = { onData: () => (registered = true), pause: () => undefined, resume: () => undefined };
    let err: unknown;
    try {
      void receiveUpload(src, options(contentType));
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).status).toBe(400);
    expect((err as GatewayError).message).toContain(message);
    expect((err as GatewayError).message).toContain(more);
    expect(registered).toBe(false);
  });
});
