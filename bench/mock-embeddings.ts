// The bench mock's embeddings answers: the recorded vector (openai/embeddings-base64.json: text-embedding-3-small,
// 1,536 floats, for "Hello, world!") in OpenAI's two encodings, laid out as OpenAI sends them: pretty-printed with
// two-space indents and a closing newline (the recording's content-length, 8,414 bytes, is exactly that layout),
// each float as float32's shortest decimal. A vector of real size is what a gateway's embeddings path costs: the
// recorded float answer (openai/embeddings-float.json) is a 5-float stub, cut by its maintainers.
import { readJsonFixture } from "../test/harness/fixtures.ts";

interface Recorded {
  data: { embedding: string }[];
  model: string;
  usage: { prompt_tokens: number; total_tokens: number };
}

/** The shortest decimal that reads back as the same float32, as numpy (and so OpenAI) prints one. */
function float32Text(x: number): number {
  for (let digits = 1; digits < 9; digits++) {
    const shorter = Number(x.toPrecision(digits));
    if (Math.fround(shorter) === x) return shorter;
  }
  return Number(x.toPrecision(9));
}

export function openAiEmbeddingAnswers(): { float: Buffer; base64: Buffer } {
  const recorded = readJsonFixture<Recorded>("openai/embeddings-base64.json");
  const base64 = recorded.data[0]!.embedding;
  const bytes = Buffer.from(base64, "base64");
  const floats = Array.from({ length: bytes.length / 4 }, (_, i) => float32Text(bytes.readFloatLE(i * 4)));
  const answer = (embedding: number[] | string) =>
    Buffer.from(`${JSON.stringify({ object: "list", data: [{ object: "embedding", index: 0, embedding }], model: recorded.model, usage: recorded.usage }, null, 2)}\n`);
  return { float: answer(floats), base64: answer(base64) };
}
