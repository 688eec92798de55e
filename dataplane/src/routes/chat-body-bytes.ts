import { GatewayError } from "../errors.ts";
import { SCANNED_BODY_MIN, parseScannedBody, scannedMembers } from "../http/json-body.ts";
import { skipValue, topLevelValueEnd, visitElements, visitMembers, type MemberReader } from "../providers/shared/json-bytes.ts";
import type { JsonSource, MemberSpan } from "../providers/shared/json-top-level.ts";
import { MESSAGE_MEMBERS_READ, PART_MEMBERS_READ } from "./chat-capabilities.ts";

type Parsed = { object: Record<string, unknown>; source: JsonSource };

/** A chat body, read as far as the route needs before it knows the provider's adapter. */
export interface ChatRequestBody {
  /** The body's `model`, which names the provider. */
  readonly model: unknown;
  /**
   * The body for an adapter that reads its conversation (ChatAdapter.readsConversation): parsed whole, or a 400
   * saying what is wrong with it.
   */
  whole(): Parsed;
  /**
   * The body for an adapter that forwards the client's bytes: as `whole()`, except that a scanned body's `messages`
   * and `tools` are projections of what the gateway checks (Projection), and the body is never decoded whole.
   */
  forwarded(): Parsed;
}

/**
 * Reads a chat body. One of SCANNED_BODY_MIN or more that the byte scan accepts (json-bytes.ts) has only its `model`
 * parsed here; the rest when the adapter is known, and its conversation only for an adapter that reads it.
 * A coding agent's turn is ~230 KB and nearly all conversation: decoded (a string past V8's regular-object size),
 * parsed and kept alive through the call, it cost the route ~2 ms more than the same turn on /v1/messages, which
 * forwards it unparsed (docs/performance.md). For a provider on OpenAI's wire the gateway needs of the conversation
 * only how many messages it holds and what the capability check reads; the rest, as on /v1/messages, is the
 * provider's to judge, and a body it refuses comes back as its own 400, unbilled.
 */
export function readChatRequestBody(raw: Buffer): ChatRequestBody {
  // a short body (most requests) is parsed whole, with nothing made for a projection
  if (raw.length < SCANNED_BODY_MIN) return parsedWhole(parseScannedBody(raw, undefined));
  const projection = new Projection(raw);
  const byteMembers = scannedMembers(raw, projection.readers);
  const { messages, tools } = projection;
  // `__proto__` would set the prototype of an object built member by member; JSON.parse makes it an own member
  if (byteMembers === undefined || messages === undefined || byteMembers.has("__proto__")) return parsedWhole(parseScannedBody(raw, byteMembers));
  const model = byteMembers.get("model");
  return {
    model: model === undefined ? undefined : parseValue(raw, model),
    whole: () => parseScannedBody(raw, byteMembers),
    forwarded: () => {
      const object: Record<string, unknown> = {};
      for (const [key, span] of byteMembers) object[key] = key === "messages" ? messages : key === "tools" && tools !== undefined ? tools : parseValue(raw, span);
      return { object, source: { bytes: raw, byteMembers } };
    },
  };
}

/** A body parsed whole, the same for either kind of adapter. */
function parsedWhole(parsed: Parsed): ChatRequestBody {
  return { model: parsed.object.model, whole: () => parsed, forwarded: () => parsed };
}

function parseValue(raw: Buffer, span: MemberSpan): unknown {
  try {
    return JSON.parse(raw.toString("utf8", span.valueStart, span.valueEnd));
  } catch {
    throw new GatewayError("invalid_json", "The request body is not valid JSON.");
  }
}

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const MESSAGE_READ: ReadonlySet<string> = new Set(MESSAGE_MEMBERS_READ);
const PART_READ: ReadonlySet<string> = new Set(PART_MEMBERS_READ);

/**
 * What a forwarding adapter's route reads of `messages` and `tools`, read while the scan passes them (MemberReader),
 * so that their bytes are passed once. labelsUsed and readChatBody read of `messages`: how many elements; of each
 * message object only MESSAGE_MEMBERS_READ, of each content part only PART_MEMBERS_READ, which are parsed, but
 * `tool_calls`, kept as an array of as many nulls (its length is read), and a `content` that is not an array, kept
 * as null (nothing more is read of it), so a message's text is never decoded; any other element is null (skipped by
 * labelsUsed, counted by readChatBody). Of `tools` (a coding agent's schemas run to tens of kilobytes) they read the
 * length. A value that is not an array is left for the route to parse; a read value that does not parse refuses the
 * scan, and the body is parsed whole for JSON.parse's verdict.
 */
class Projection {
  messages: unknown[] | undefined;
  tools: null[] | undefined;
  readonly readers: ReadonlyMap<string, MemberReader>;

  constructor(private readonly raw: Buffer) {
    this.readers = new Map<string, MemberReader>([
      ["messages", (start, depth) => (raw[start] === OPEN_BRACKET ? this.readMessages(start, depth) : topLevelValueEnd(raw, start, depth))],
      ["tools", (start, depth) => (raw[start] === OPEN_BRACKET ? this.count(start, depth, (a) => (this.tools = a)) : topLevelValueEnd(raw, start, depth))],
    ]);
  }

  private readMessages(start: number, depth: number): number {
    const raw = this.raw;
    const messages: unknown[] = [];
    const end = visitElements(raw, start, (at) => {
      if (raw[at] !== OPEN_BRACE || depth < 2) {
        messages.push(null);
        return skipValue(raw, at, depth - 1);
      }
      const message: Record<string, unknown> = {};
      messages.push(message);
      return visitMembers(raw, at, (key, value) => this.readMessageMember(message, key, value, depth - 2));
    });
    if (end >= 0) this.messages = messages;
    return end;
  }

  /** Sets the member as the projection has it (a repeated key: the last, as JSON.parse keeps it); just past it, or -1. */
  private readMessageMember(message: Record<string, unknown>, key: string, start: number, depth: number): number {
    const raw = this.raw;
    if (!MESSAGE_READ.has(key)) return skipValue(raw, start, depth);
    const isArray = raw[start] === OPEN_BRACKET && depth >= 1;
    if (key === "tool_calls" && isArray) return this.count(start, depth, (a) => (message.tool_calls = a));
    if (key !== "content") return this.parsed(message, key, start, depth);
    if (!isArray) {
      message.content = null;
      return skipValue(raw, start, depth);
    }
    const parts: unknown[] = [];
    message.content = parts;
    return visitElements(raw, start, (at) => {
      if (raw[at] !== OPEN_BRACE || depth < 2) {
        parts.push(null);
        return skipValue(raw, at, depth - 1);
      }
      const part: Record<string, unknown> = {};
      parts.push(part);
      return visitMembers(raw, at, (k, value) => (PART_READ.has(k) ? this.parsed(part, k, value, depth - 2) : skipValue(raw, value, depth - 2)));
    });
  }

  /** As many nulls as the array at `start` has elements, given to `into`; just past the array, or -1. */
  private count(start: number, depth: number, into: (array: null[]) => void): number {
    let count = 0;
    const end = visitElements(this.raw, start, (at) => {
      count++;
      return skipValue(this.raw, at, depth - 1);
    });
    into(new Array<null>(count).fill(null));
    return end;
  }

  /** Sets `into[key]` to the value at `start`, parsed; just past it, or -1 when it does not parse. */
  private parsed(into: Record<string, unknown>, key: string, start: number, depth: number): number {
    const end = skipValue(this.raw, start, depth);
    if (end < 0) return -1;
    try {
      into[key] = JSON.parse(this.raw.toString("utf8", start, end));
    } catch {
      return -1;
    }
    return end;
  }
}
