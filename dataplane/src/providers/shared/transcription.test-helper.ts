// Shared by the transcription adapters' tests: a job over a real spooled file, and an UpstreamIo that records what
// was sent and answers from a script of recorded bodies.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";
import { afterAll } from "vitest";
import { loadCatalog, type TranscriptionFormat, type TranscriptionModel } from "../../../../catalog/src/index.ts";
import type { UpstreamResponse } from "../../upstream/client.ts";
import type { Access } from "../credentials.ts";
import type { UpstreamRequest } from "../types.ts";
import type { TranscriptionJob, TranscriptionOptions, UpstreamIo } from "./transcription.ts";

const catalog = loadCatalog();
const dir = mkdtempSync(join(tmpdir(), "transcription-adapter-"));
/** Every request the scripted IOs were handed: their file streams open lazily, so close them before the file goes. */
const allSent: UpstreamRequest[] = [];
afterAll(async () => {
  for (const req of allSent) {
    if (req.body instanceof Readable && !req.body.closed) {
      const closed = new Promise((r) => req.body instanceof Readable && req.body.once("close", r));
      req.body.destroy();
      await closed;
    }
  }
  rmSync(dir, { recursive: true, force: true });
});

export const AUDIO = Buffer.from("RIFF....WAVEfmt fake audio bytes for the adapter tests");
const audioPath = join(dir, "audio.wav");
writeFileSync(audioPath, AUDIO);

export function transcriptionModel(slug: string): TranscriptionModel {
  const m = catalog.resolve(slug);
  if (m?.kind !== "transcription") throw new Error(`${slug} is not a transcription model of the catalog`);
  return m;
}

export const NO_OPTIONS: TranscriptionOptions = { entityDetection: false, entityRedaction: false, keyterms: [], detectSpeakerRoles: false, language: undefined };

export function job(slug: string, format: TranscriptionFormat, more: Partial<Omit<TranscriptionJob, "options">> & { options?: Partial<TranscriptionOptions> } = {}): TranscriptionJob {
  return {
    model: transcriptionModel(slug),
    format,
    stream: false,
    file: { path: audioPath, bytes: AUDIO.length, filename: "audio.wav", mimeType: "audio/wav" },
    extra: [],
    ...more,
    options: { ...NO_OPTIONS, ...more.options },
  };
}

export function response(status: number, body: string, headers: Record<string, string> = {}): UpstreamResponse {
  const bytes = Buffer.from(body);
  return {
    status,
    headers,
    body: {
      text: () => Promise.resolve(body),
      dump: () => Promise.resolve(),
      async *[Symbol.asyncIterator]() {
        yield bytes;
      },
    },
  };
}

export const ACCESS: Access = { baseUrl: "https://provider.test/base", credential: "upstream-secret-credential" };

/** Answers each call with the next scripted response, in order, and keeps every request. */
export function scriptedIo(script: UpstreamResponse[]): { io: UpstreamIo; sent: UpstreamRequest[]; sleeps: number[] } {
  const sent: UpstreamRequest[] = [];
  const sleeps: number[] = [];
  const next = () => {
    const r = script.shift();
    if (!r) throw new Error("the adapter made more calls than the script has answers");
    return r;
  };
  return {
    sent,
    sleeps,
    io: {
      send: async (build) => {
        const req = build(ACCESS);
        sent.push(req);
        allSent.push(req);
        return { up: next(), access: ACCESS };
      },
      sendAs: async (access, req) => {
        if (access !== ACCESS) throw new Error("a follow-up call left the first call's credential");
        sent.push(req);
        allSent.push(req);
        return next();
      },
      sleep: async (ms) => void sleeps.push(ms),
    },
  };
}

export async function bodyOf(req: UpstreamRequest): Promise<Buffer> {
  const b = req.body;
  if (b === undefined) return Buffer.alloc(0);
  if (typeof b === "string") return Buffer.from(b);
  if (b instanceof Uint8Array) return Buffer.from(b);
  const parts: Buffer[] = [];
  for await (const chunk of b as Readable) parts.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(parts);
}

/** A multipart request's fields and its file, parsed by the platform's own FormData reader. */
export async function formOf(req: UpstreamRequest): Promise<{ fields: [string, string][]; file: Buffer | undefined; filename: string | undefined; bytes: number }> {
  const bytes = await bodyOf(req);
  const fd = await new Response(new Uint8Array(bytes), { headers: { "content-type": req.headers["content-type"] ?? "" } }).formData();
  const fields: [string, string][] = [];
  let file: Buffer | undefined;
  let filename: string | undefined;
  for (const [name, value] of fd.entries()) {
    if (typeof value === "string") fields.push([name, value]);
    else {
      file = Buffer.from(await value.arrayBuffer());
      filename = value.name;
    }
  }
  return { fields, file, filename, bytes: bytes.length };
}
