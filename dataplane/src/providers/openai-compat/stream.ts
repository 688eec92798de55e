import { sseData } from "../../upstream/sse-splitter.ts";
import { setTopLevelValues, stringEnd, topLevelMembers } from "../shared/json-top-level.ts";
import { quotedNameAt } from "../shared/quoted-name.ts";
import { streamCutShort } from "../shared/stream-close.ts";
import type { ChatContext, StreamTranslator, Usage } from "../types.ts";
import { parseOpenAIUsage } from "./usage.ts";

const MODEL_FIELD = /"model"\s*:\s*"(?:[^"\\]|\\.)*"/;

const QUOTE = 0x22;
const COLON = 0x3a;
const SPACE = 0x20;
const OPEN_BRACE = 0x7b;
const EMPTY_ARRAY = /^\[[ \t\n\r]*\]$/;

/**
 * Whether `data` holds `"usage":{` or `"usage": {` anywhere (the chunk that carries usage): looked for from
 * `usage"`, as quotedNameAt does and for the same reason, in one pass for both spellings.
 */
export function carriesUsage(data: string): boolean {
  for (let at = data.indexOf('usage"'); at >= 0; at = data.indexOf('usage"', at + 1)) {
    if (at === 0 || data.charCodeAt(at - 1) !== QUOTE || data.charCodeAt(at + 6) !== COLON) continue;
    const next = data.charCodeAt(at + 7);
    if (next === OPEN_BRACE || (next === SPACE && data.charCodeAt(at + 8) === OPEN_BRACE)) return true;
  }
  return false;
}

/**
 * Watches an OpenAI-format stream event by event: takes the usage out of the chunk that carries it and, when the
 * client did not ask for usage, keeps that chunk from the client (it exists only because the gateway asked).
 * Only events that may carry usage are parsed; the rest pass through untouched.
 */
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
    const at = quotedNameAt(block, "model");
    if (at < 0 || block.charCodeAt(at + 7) !== COLON || block.charCodeAt(at + 8) !== QUOTE) return block.replace(MODEL_FIELD, this.#modelField);
    const end = stringEnd(block, at + 8);
    return end < 0 ? block : block.slice(0, at) + this.#modelField + block.slice(end);
  }

  push(block: string): string[] {
    const data = sseData(block);
    if (data === undefined) return [block];
    if (data === "[DONE]") {
      this.#sawDone = true;
      return [block];
    }
    this.outputEvents++;
    if (!carriesUsage(data)) return [this.#rename(block)];
    const spliced = this.#spliceUsage(data, block);
    if (spliced !== undefined) return spliced;
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

  /**
   * The usage chunk's answer with only its `usage` parsed and the edits spliced into the provider's text (the
   * chunk's cost added, the model renamed): parsing and re-serialising the whole chunk was ~4 µs of a stream, ~10
   * under load (docs/performance.md). Undefined where the text needs the parse: a repeated or malformed top-level
   * member, usage that is not a top-level object or already has a cost, usage to be taken out of a chunk that also
   * carries choices. The usage is metered once the member itself reads, whatever the chunk's other values hold.
   */
  #spliceUsage(data: string, block: string): string[] | undefined {
    const members = topLevelMembers(data, { unique: true });
    const u = members?.get("usage");
    if (members === undefined || u === undefined || data.charCodeAt(u.valueStart) !== OPEN_BRACE) return undefined;
    const usageText = data.slice(u.valueStart, u.valueEnd);
    let raw: Record<string, unknown>;
    try {
      raw = JSON.parse(usageText) as Record<string, unknown>;
    } catch {
      return undefined;
    }
    if (Object.hasOwn(raw, "cost_micros")) return undefined;
    const usage = parseOpenAIUsage(raw);
    if (usage) this.usage = usage;
    if (this.#clientWantsUsage) {
      if (!usage || !this.#price) return [this.#rename(block)];
      const cost = `"cost_micros":${this.#price(usage)}`;
      const values: Record<string, string> = { usage: `${usageText.slice(0, -1)}${Object.keys(raw).length > 0 ? "," : ""}${cost}}` };
      const m = members.get("model");
      if (this.#slug !== undefined && m !== undefined && data.charCodeAt(m.valueStart) === QUOTE) values.model = JSON.stringify(this.#slug);
      return [`data: ${setTopLevelValues(data, members, values)}`];
    }
    const choices = members.get("choices");
    if (choices !== undefined && EMPTY_ARRAY.test(data.slice(choices.valueStart, choices.valueEnd))) return [];
    return undefined;
  }

  finish(): string[] {
    if (!this.#sawDone) throw streamCutShort();
    return [];
  }
}
