import { sseData } from "../../upstream/sse-splitter.ts";
import { streamCutShort } from "../shared/stream-close.ts";
import type { ChatContext, StreamTranslator, Usage } from "../types.ts";
import { parseOpenAIUsage } from "./usage.ts";

/**
 * Watches an OpenAI-format stream event by event: takes the usage out of the chunk that carries it and, when the
 * client did not ask for usage, keeps that chunk from the client (it exists only because the gateway asked).
 * Only events that may carry usage are parsed; the rest pass through untouched.
 */
const MODEL_FIELD = /"model"\s*:\s*"(?:[^"\\]|\\.)*"/;

export class OpenAIStreamMeter implements StreamTranslator {
  readonly #clientWantsUsage: boolean;
  readonly #price: ChatContext["priceMicros"] | undefined;
  /** The gateway's slug, written over the provider's model in every chunk; undefined: chunks pass untouched. */
  readonly #slug: string | undefined;
  readonly #modelField: string;
  usage: Usage | undefined;
  outputEvents = 0;
  #sawDone = false;

  constructor(ctx: Pick<ChatContext, "clientWantsUsage"> & Partial<Pick<ChatContext, "priceMicros" | "model">>) {
    this.#clientWantsUsage = ctx.clientWantsUsage;
    this.#price = ctx.priceMicros;
    this.#slug = ctx.model;
    this.#modelField = `"model":${JSON.stringify(ctx.model ?? "")}`;
  }

  /**
   * Names the chunk by the gateway's slug. A string replace, not a parse: a JSON string value cannot contain an
   * unescaped `"model":"`, so the first match is the chunk's own top-level field.
   */
  #rename(block: string): string {
    if (this.#slug === undefined) return block;
    // the compact spelling providers write, found without a regex; any other spelling takes the regex
    const at = block.indexOf('"model":"');
    if (at < 0 || block.indexOf('"model"') !== at) return block.replace(MODEL_FIELD, this.#modelField);
    let end = at + 9;
    for (;;) {
      end = block.indexOf('"', end);
      if (end < 0) return block;
      let backslashes = 0;
      while (block.charCodeAt(end - 1 - backslashes) === 0x5c) backslashes++;
      if (backslashes % 2 === 0) break;
      end++;
    }
    return block.slice(0, at) + this.#modelField + block.slice(end + 1);
  }

  push(block: string): string[] {
    const data = sseData(block);
    if (data === undefined) return [block];
    if (data === "[DONE]") {
      this.#sawDone = true;
      return [block];
    }
    this.outputEvents++;
    if (!data.includes('"usage":{') && !data.includes('"usage": {')) return [this.#rename(block)];
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return [this.#rename(block)];
    }
    const usage = parseOpenAIUsage(json.usage);
    if (usage) this.usage = usage;
    if (this.#slug !== undefined && typeof json.model === "string") json.model = this.#slug;
    if (this.#clientWantsUsage) {
      if (!usage || !this.#price) return [this.#rename(block)];
      json.usage = { ...(json.usage as object), cost_micros: this.#price(usage) };
      return [`data: ${JSON.stringify(json)}`];
    }
    const choices = json.choices;
    if (Array.isArray(choices) && choices.length === 0) return [];
    delete json.usage;
    return [`data: ${JSON.stringify(json)}`];
  }

  finish(): string[] {
    if (!this.#sawDone) throw streamCutShort();
    return [];
  }
}
