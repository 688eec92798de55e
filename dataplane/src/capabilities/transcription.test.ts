import { describe, expect, it } from "vitest";
import { loadCatalog, SURCHARGED_PARAMETERS, TRANSCRIPTION_FORMATS, UNMETERABLE_TRANSCRIPTION_FORMATS, type TranscriptionModel } from "../../../catalog/src/index.ts";
import { GatewayError } from "../errors.ts";
import { svcBlock } from "./index.ts";
import { checkTranscriptionRequest, type TranscriptionAsk } from "./transcription.ts";

const models = loadCatalog().models.filter((m): m is TranscriptionModel => m.kind === "transcription");

interface Block {
  kind: string;
  response_formats: string[];
  supports_streaming: boolean;
  max_file_bytes: number;
  surcharged_parameters: string[];
}

const blockOf = (m: TranscriptionModel) => svcBlock(m) as unknown as Block;

/** A request the block says is fine, changed by `change`. */
function ask(block: Block, change: Partial<TranscriptionAsk> = {}): TranscriptionAsk {
  return { responseFormat: block.response_formats[0], stream: false, surcharged: [], fileBytes: 1, ...change };
}

function refusal(m: TranscriptionModel, a: TranscriptionAsk): { status: number; param: string | null; message: string } {
  try {
    checkTranscriptionRequest(m, a);
  } catch (e) {
    if (e instanceof GatewayError) return { status: e.status, param: e.param, message: e.message };
    throw e;
  }
  throw new Error(`${m.slug} accepted ${JSON.stringify(a)}`);
}

describe("every transcription model of the catalog: what its svc block advertises is accepted", () => {
  it("walks at least the four providers", () => {
    expect(new Set(models.map((m) => m.provider))).toEqual(new Set(["openai", "deepgram", "assemblyai", "elevenlabs"]));
  });

  it.each(models.map((m) => [m.slug, m] as const))("%s", (_slug, m) => {
    const block = blockOf(m);
    expect(block).toEqual({
      kind: "transcription",
      response_formats: [...m.svc.response_formats],
      supports_streaming: m.svc.supports_streaming,
      max_file_bytes: m.svc.max_file_bytes,
      surcharged_parameters: [...m.svc.surcharged_parameters],
    });
    for (const f of block.response_formats) expect(checkTranscriptionRequest(m, ask(block, { responseFormat: f }))).toBe(f);
    if (block.supports_streaming) expect(checkTranscriptionRequest(m, ask(block, { responseFormat: "json", stream: true }))).toBe("json");
    expect(checkTranscriptionRequest(m, ask(block, { surcharged: block.surcharged_parameters }))).toBe(block.response_formats[0]);
    expect(checkTranscriptionRequest(m, ask(block, { fileBytes: block.max_file_bytes }))).toBe(block.response_formats[0]);
    // OpenAI's default format is served by every model
    expect(checkTranscriptionRequest(m, ask(block, { responseFormat: undefined }))).toBe("json");
  });
});

describe("every transcription model of the catalog: a value just outside is refused", () => {
  it.each(models.map((m) => [m.slug, m] as const))("%s", (_slug, m) => {
    const block = blockOf(m);
    const served = block.response_formats.join(", ");
    for (const f of [...TRANSCRIPTION_FORMATS, ...UNMETERABLE_TRANSCRIPTION_FORMATS, "yaml"].filter((f) => !block.response_formats.includes(f))) {
      const r = refusal(m, ask(block, { responseFormat: f }));
      expect(r, f).toMatchObject({ status: 400, param: "response_format" });
      expect(r.message, f).toContain(`serves: ${served}.`);
      if ((UNMETERABLE_TRANSCRIPTION_FORMATS as readonly string[]).includes(f)) expect(r.message).toContain("carries no usage");
    }
    if (!block.supports_streaming) {
      expect(refusal(m, ask(block, { responseFormat: "json", stream: true }))).toMatchObject({ status: 400, param: "stream" });
    } else {
      // svc_json is assembled from a whole answer: streaming it is refused even where streaming is served
      expect(refusal(m, ask(block, { responseFormat: "svc_json", stream: true }))).toMatchObject({ status: 400, param: "stream" });
    }
    for (const p of SURCHARGED_PARAMETERS.filter((p) => !block.surcharged_parameters.includes(p))) {
      const r = refusal(m, ask(block, { surcharged: [p] }));
      expect(r, p).toMatchObject({ status: 400, param: p });
      expect(r.message).toContain(block.surcharged_parameters.length === 0 ? "takes none" : block.surcharged_parameters.join(", "));
    }
    const big = refusal(m, ask(block, { fileBytes: block.max_file_bytes + 1 }));
    expect(big).toMatchObject({ status: 413, param: "file" });
    expect(big.message).toContain(`at most ${block.max_file_bytes} bytes`);
  });

  it("refuses a surcharged parameter on every model that lists none (whisper, the gpt-4o family)", () => {
    const none = models.filter((m) => m.svc.surcharged_parameters.length === 0).map((m) => m.slug);
    expect(none).toContain("openai/whisper-1");
    for (const slug of none) {
      const m = models.find((x) => x.slug === slug)!;
      expect(refusal(m, ask(blockOf(m), { surcharged: ["keyterms"] })).message).toBe(`\`keyterms\` is not available for ${slug}; it takes none of the surcharged parameters.`);
    }
  });
});
