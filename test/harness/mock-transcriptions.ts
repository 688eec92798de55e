import { randomUUID } from "node:crypto";
import type http from "node:http";
import { readFixture } from "./fixtures.ts";
import { sendJson, type MediaMock } from "./mock-media.ts";
import type { RecordedRequest } from "./mock-upstream.ts";
import { wavSeconds } from "./wav.ts";

/**
 * Every transcription provider the catalog carries, answering from the recorded fixtures: OpenAI at
 * /v1/audio/transcriptions, Deepgram, AssemblyAI and ElevenLabs under /<namespace>/. Each checks the credential
 * where and how its provider does (catalog/providers.yaml `auth`), refuses what its provider refuses, and reports
 * the duration of the WAV it was sent, so a test can price a call from the audio it wrote.
 */

const WORDS = "openai/transcription-whisper-1-verbose-json-words.json";
const SEGMENTS = "openai/DOC-EXAMPLE-transcription-whisper-verbose-json-segments.json";
const TOKENS = "openai/DOC-EXAMPLE-transcription-gpt-4o-transcribe-json.json";

type Json = Record<string, any>;
const fixture = (rel: string): Json => JSON.parse(readFixture(rel)) as Json;

interface Form {
  fields: Map<string, string[]>;
  file: Buffer | undefined;
}

async function readForm(rec: RecordedRequest): Promise<Form | undefined> {
  try {
    const fd = await new Response(new Uint8Array(rec.bodyBytes), { headers: { "content-type": rec.headers["content-type"] ?? "" } }).formData();
    const fields = new Map<string, string[]>();
    let file: Buffer | undefined;
    for (const [name, value] of fd.entries()) {
      if (typeof value === "string") fields.set(name, [...(fields.get(name) ?? []), value]);
      else file = Buffer.from(await value.arrayBuffer());
    }
    return { fields, file };
  } catch {
    return undefined;
  }
}

const first = (f: Form, name: string) => f.fields.get(name)?.[0];

function openaiError(res: http.ServerResponse, status: number, message: string, param: string | null = null, code: string | null = null): true {
  sendJson(res, status, JSON.stringify({ error: { message, type: "invalid_request_error", param, code } }));
  return true;
}

/** OpenAI: whisper-1 from the recorded verbose_json; the gpt-4o family from the API reference's examples. */
async function openai(rec: RecordedRequest, res: http.ServerResponse): Promise<true> {
  if (!/^Bearer \S+$/.test(rec.headers["authorization"] ?? "")) return openaiError(res, 401, "Incorrect API key provided.", null, "invalid_api_key");
  const form = await readForm(rec);
  if (!form?.file) return openaiError(res, 400, "Could not parse multipart form", "file");
  const model = first(form, "model");
  const format = first(form, "response_format") ?? "json";
  const seconds = wavSeconds(form.file);
  if (model === "whisper-1") {
    if (first(form, "stream") === "true") return openaiError(res, 400, "Streaming is not supported for whisper-1.", "stream");
    const verbose = fixture(WORDS);
    if (seconds !== undefined) verbose.duration = seconds;
    verbose.usage = { type: "duration", seconds: Math.ceil(verbose.duration) };
    if (form.fields.get("timestamp_granularities[]")?.includes("segment")) verbose.segments = fixture(SEGMENTS).segments;
    if (format === "verbose_json") return void sendJson(res, 200, JSON.stringify(verbose)), true;
    if (format === "json") return void sendJson(res, 200, JSON.stringify({ text: verbose.text, usage: verbose.usage })), true;
    return openaiError(res, 400, `response_format ${format} is not handled by this mock`, "response_format");
  }
  if (model !== "gpt-4o-transcribe" && model !== "gpt-4o-mini-transcribe" && model !== "gpt-4o-transcribe-diarize") {
    return openaiError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, "model", "model_not_found");
  }
  const tokens = fixture(TOKENS);
  if (first(form, "stream") === "true") {
    res.writeHead(200, { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache" });
    const words = String(tokens.text).split(" ");
    for (const [i, w] of words.entries()) res.write(`data: ${JSON.stringify({ type: "transcript.text.delta", delta: i === 0 ? w : ` ${w}` })}\n\n`);
    res.end(`data: ${JSON.stringify({ type: "transcript.text.done", text: tokens.text, usage: tokens.usage })}\n\n`);
    return true;
  }
  if (format === "json") return void sendJson(res, 200, JSON.stringify(tokens)), true;
  if (format === "diarized_json" && model === "gpt-4o-transcribe-diarize") {
    const end = seconds ?? 8;
    const diarized = {
      task: "transcribe",
      duration: end,
      text: tokens.text,
      segments: [{ type: "transcript.text.segment", id: "seg_001", start: 0, end, text: tokens.text, speaker: "A" }],
      usage: tokens.usage,
    };
    return void sendJson(res, 200, JSON.stringify(diarized)), true;
  }
  return openaiError(res, 400, `response_format '${format}' is not compatible with model '${model}'.`, "response_format");
}

/** Deepgram: `Authorization: Token <key>`, raw audio body, options in the query. */
function deepgram(rec: RecordedRequest, res: http.ServerResponse): true {
  if (!/^Token \S+$/.test(rec.headers["authorization"] ?? "")) {
    sendJson(res, 401, JSON.stringify({ err_code: "INVALID_AUTH", err_msg: "Invalid credentials.", request_id: randomUUID() }));
    return true;
  }
  const q = new URL(rec.path, "http://mock").searchParams;
  if (q.get("model") !== "nova-3") {
    sendJson(res, 400, JSON.stringify({ err_code: "Bad Request", err_msg: `No such model: ${q.get("model")}`, request_id: randomUUID() }));
    return true;
  }
  if (rec.bodyBytes.length === 0) {
    sendJson(res, 400, JSON.stringify({ err_code: "Bad Request", err_msg: "Bad Request: failed to process audio: corrupt or unsupported data", request_id: randomUUID() }));
    return true;
  }
  const answer = fixture("deepgram/transcription.json");
  const seconds = wavSeconds(rec.bodyBytes);
  if (seconds !== undefined) answer.metadata.duration = seconds;
  if (q.get("detect_entities") === "true") answer.results.channels[0].alternatives[0].entities = [];
  sendJson(res, 200, JSON.stringify(answer));
  return true;
}

/** AssemblyAI's jobs in flight: upload id → audio, transcript id → what to answer, polled once as processing. */
const uploads = new Map<string, Buffer>();
const jobs = new Map<string, { seconds: number | undefined; polls: number; request: Json }>();

/** AssemblyAI: the bare key in `authorization`; upload, submit, poll. */
function assemblyai(rec: RecordedRequest, pathname: string, res: http.ServerResponse): boolean {
  const auth = rec.headers["authorization"] ?? "";
  if (auth === "" || /^(Bearer|Token) /.test(auth)) {
    sendJson(res, 401, JSON.stringify({ error: "Authentication error, API token missing/invalid" }));
    return true;
  }
  if (rec.method === "POST" && pathname === "/v2/upload") {
    const id = randomUUID();
    uploads.set(id, rec.bodyBytes);
    sendJson(res, 200, JSON.stringify({ upload_url: `https://cdn.assemblyai.test/upload/${id}` }));
    return true;
  }
  if (rec.method === "POST" && pathname === "/v2/transcript") {
    const body = (rec.json ?? {}) as Json;
    const audio = uploads.get(String(body.audio_url ?? "").split("/").at(-1) ?? "");
    if (!audio) return void sendJson(res, 400, JSON.stringify({ error: "Invalid audio_url" })), true;
    const id = randomUUID();
    uploads.delete(String(body.audio_url).split("/").at(-1) ?? "");
    jobs.set(id, { seconds: wavSeconds(audio), polls: 0, request: body });
    sendJson(res, 200, JSON.stringify({ id, status: "queued", audio_url: body.audio_url }));
    return true;
  }
  const polled = /^\/v2\/transcript\/([^/]+)$/.exec(pathname);
  if (rec.method === "GET" && polled) {
    const job = jobs.get(polled[1]!);
    if (!job) return void sendJson(res, 404, JSON.stringify({ error: "Transcript not found" })), true;
    if (job.polls++ === 0) return void sendJson(res, 200, JSON.stringify({ id: polled[1], status: "processing" })), true;
    jobs.delete(polled[1]!);
    const answer = fixture("assemblyai/transcript-completed.json");
    answer.id = polled[1];
    if (job.seconds !== undefined) answer.audio_duration = job.seconds;
    if (job.request.entity_detection === true) {
      answer.entity_detection = true;
      answer.entities = [{ entity_type: "person_name", text: "Calvin", start: 4555, end: 4887 }];
    }
    sendJson(res, 200, JSON.stringify(answer));
    return true;
  }
  return false;
}

/** ElevenLabs: `xi-api-key`, multipart with model_id and file. */
async function elevenlabs(rec: RecordedRequest, res: http.ServerResponse): Promise<true> {
  if (!rec.headers["xi-api-key"]) {
    sendJson(res, 401, JSON.stringify({ detail: { status: "invalid_api_key", message: "Invalid API key" } }));
    return true;
  }
  const form = await readForm(rec);
  if (!form?.file || first(form, "model_id") !== "scribe_v2") {
    sendJson(res, 422, JSON.stringify({ detail: [{ loc: ["body", form?.file ? "model_id" : "file"], msg: "field required", type: "value_error.missing" }] }));
    return true;
  }
  const answer = fixture("elevenlabs/transcription.json");
  const seconds = wavSeconds(form.file);
  if (seconds !== undefined) answer.audio_duration_secs = seconds;
  sendJson(res, 200, JSON.stringify(answer));
  return true;
}

export const mockTranscriptions: MediaMock = async ({ namespace, pathname, rec, res }) => {
  if (namespace === "openai-or-google") return rec.method === "POST" && pathname === "/v1/audio/transcriptions" ? openai(rec, res) : false;
  if (namespace === "deepgram") return rec.method === "POST" && pathname === "/v1/listen" ? deepgram(rec, res) : false;
  if (namespace === "assemblyai") return assemblyai(rec, pathname, res);
  if (namespace === "elevenlabs") return rec.method === "POST" && pathname === "/v1/speech-to-text" ? elevenlabs(rec, res) : false;
  return false;
};
