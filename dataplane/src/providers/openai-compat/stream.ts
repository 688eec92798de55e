import { sseData } from "../../upstream/sse-splitter.ts";
import type { Usage } from "../types.ts";
import { parseOpenAIUsage } from "./usage.ts";

/**
 * Watches an OpenAI-format stream event by event: takes the usage out of the chunk that carries it and, when the
 * client did not ask for usage, keeps that chunk from the client (it exists only because the gateway asked).
 * Only events that may carry usage are parsed; the rest pass through untouched.
 */
export class OpenAIStreamMeter {
  readonly #clientWantsUsage: boolean;
  usage: Usage | undefined;
  /** Content-bearing events seen: the output estimate when a stream ends before its usage chunk. */
  dataEvents = 0;
  sawDone = false;

  constructor(clientWantsUsage: boolean) {
    this.#clientWantsUsage = clientWantsUsage;
  }

  /** Returns the event text to send to the client, or undefined to drop it. */
  push(block: string): string | undefined {
    const data = sseData(block);
    if (data === undefined) return block;
    if (data === "[DONE]") {
      this.sawDone = true;
      return block;
    }
    this.dataEvents++;
    if (!data.includes('"usage":{') && !data.includes('"usage": {')) return block;
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(data) as Record<string, unknown>;
    } catch {
      return block;
    }
    const usage = parseOpenAIUsage(json.usage);
    if (usage) this.usage = usage;
    if (this.#clientWantsUsage) return block;
    const choices = json.choices;
    if (Array.isArray(choices) && choices.length === 0) return undefined;
    delete json.usage;
    return `data: ${JSON.stringify(json)}`;
  }
}
