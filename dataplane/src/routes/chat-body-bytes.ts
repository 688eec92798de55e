import { randomUUID } from "node:crypto";
import { SCANNED_BODY_MIN, parseMember, parseScannedBody, parseScannedText, scannedMembers } from "../http/json-body.ts";
import { ConversationMemo, valueEnd } from "../http/conversation-memo.ts";
import { elementsAfter, skipValue, topLevelValueEnd, visitElements, visitMembers, type MemberReader } from "../providers/shared/json-bytes.ts";
import { mayBeJsonString } from "../providers/shared/json-start.ts";
import { BACKSLASH, OPEN_BRACE, OPEN_BRACKET, QUOTE, type JsonPieces, type JsonSource, type MemberSpan } from "../providers/shared/json-top-level.ts";
import { setToolsAside } from "../providers/shared/tools-aside.ts";
import { startsAt } from "../starts-at.ts";
import type { TextsAsSent } from "../providers/types.ts";
import { MESSAGE_MEMBERS_READ, PART_MEMBERS_READ } from "./chat-capabilities.ts";
import { setTurnsKeeper, type TurnsKeeper } from "../providers/shared/turns-kept.ts";
import { ParsedConversations, type ConversationAt, type ParsedPrefix, type TurnsWritten } from "./parsed-conversations.ts";
import { ToolsMemo, type RememberedTools } from "./tools-memo.ts";

/**
 * A request written from a body whose long texts are placeholders, as pieces with the client's bytes of each text in
 * place of its placeholder; undefined when a placeholder is in it other than as a whole JSON string.
 */
export type TextRestore = (written: string) => JsonPieces | undefined;

/** The body as an adapter gets it; `restore` when its long texts are placeholders (textsAside). */
type Parsed = { object: Record<string, unknown>; source: JsonSource; restore?: TextRestore };

/** A chat body, read as far as the route needs before it knows the provider's adapter. */
export interface ChatRequestBody {
  /** The body's `model`, which names the provider. */
  readonly model: unknown;
  /**
   * The body parsed whole, or a 400 saying what is wrong with it: what a request is written again from when a
   * placeholder of textsAside did not stand as a whole string in it.
   */
  whole(): Parsed;
  /**
   * The body for an adapter that rebuilds the conversation but copies its texts as sent: as `whole()`, except that
   * in a scanned body each long text (a string `content` or a part's `text` of LONG_TEXT bytes or more) but those
   * the adapter reads (`read`) is a placeholder string, never decoded or parsed; `restore` puts the client's bytes of
   * each back into a request written from it. A 230 KB coding agent's turn is mostly such texts: decoded, parsed and
   * serialised again, they were most of the ~6.4 ms the turn cost for a Claude model. So are `tools` the adapter
   * wrote for the same key (`scope`) before, byte for byte (TextsAsSent.toolEntries): the entries it wrote go back in.
   */
  textsAside(read: TextsAsSent, scope: string): Parsed;
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
 * provider's to judge, and a body it refuses comes back as its own 400, unbilled. With `scope` (the key's id), the
 * conversation is read from where it stops holding what the key's last long conversation held (ConversationMemo).
 */
export function readChatRequestBody(raw: Buffer, scope?: string): ChatRequestBody {
  // a short body (most requests) is parsed whole, with nothing made for a projection
  if (raw.length < SCANNED_BODY_MIN) return parsedWhole(parseScannedBody(raw, undefined));
  const projection = new Projection(raw, scope);
  const byteMembers = scannedMembers(raw, projection.readers);
  const { messages, tools, texts } = projection;
  // `__proto__` would set the prototype of an object built member by member; JSON.parse makes it an own member
  if (byteMembers === undefined || messages === undefined || byteMembers.has("__proto__")) return parsedWhole(parseScannedBody(raw, byteMembers));
  const modelSpan = byteMembers.get("model");
  const model = modelSpan === undefined ? undefined : parseMember(raw, modelSpan);
  return {
    model,
    whole: () => parseScannedBody(raw, byteMembers),
    textsAside: (read, scope) => textsAside(raw, texts, read, toolsFor(read, scope, raw, byteMembers.get("tools")), conversationOf(projection, byteMembers.get("messages"), read, scope)) ?? parseScannedBody(raw, byteMembers),
    forwarded: () => {
      const object: Record<string, unknown> = {};
      for (const [key, span] of byteMembers) {
        object[key] = key === "messages" ? messages : key === "model" ? model : key === "tools" && tools !== undefined ? tools : parseMember(raw, span);
      }
      return { object, source: { bytes: raw, byteMembers } };
    },
  };
}

/** A body parsed whole, the same for every kind of adapter. */
function parsedWhole(parsed: Parsed): ChatRequestBody {
  return { model: parsed.object.model, whole: () => parsed, forwarded: () => parsed, textsAside: () => parsed };
}

/** A text set aside from this many bytes of JSON on (its quotes included); a shorter one costs little to parse. */
export const LONG_TEXT = 1024;

/**
 * The tool sets kept, for every key and translating adapter together (the entries a coding agent's ~40 KB of schemas
 * make are ~75 KB).
 */
const toolsMemo = new ToolsMemo(512, 8 * 1024 * 1024);
/**
 * Each adapter's entries under a scope of their own, in both memos: what one adapter wrote, or which texts it left
 * as placeholders, is never another's.
 */
const adapterScopes = new Map<TextsAsSent, string>();

/** `scope` (a key's) for the adapter that reads as `read` says. */
function adapterScope(read: TextsAsSent, scope: string): string {
  let adapter = adapterScopes.get(read);
  if (adapter === undefined) adapterScopes.set(read, (adapter = String(adapterScopes.size)));
  return `${adapter} ${scope}`;
}

/** The keys' last long conversations as parsed with their texts aside (a coding agent's skeleton is ~20 KB of JSON). */
const parsedConversations = new ParsedConversations(256, 8 * 1024 * 1024);

/**
 * Where the scan found the body's conversation, and the scope its parse is kept under for the key; undefined without
 * a key, or when the conversation read is not the body's `messages` (a repeated key, which JSON.parse reads as its
 * last; the scan refuses a body with one, which is then parsed whole, and this does not rest on it).
 */
function conversationOf(projection: Projection, member: MemberSpan | undefined, read: TextsAsSent, scope: string): { scope: string; at: ConversationAt } | undefined {
  const at = projection.conversationAt;
  if (at === undefined || projection.conversationsRead !== 1 || member?.valueStart !== at.open) return undefined;
  return { scope: adapterScope(read, scope), at };
}

/**
 * The body's `tools` as the adapter writes them, remembered for the key by their bytes or written now, and where
 * they are in the body; undefined when the adapter writes them from more than the tools, or refuses them, or they
 * are not a non-empty array (the body is then read as usual).
 */
function toolsFor(read: TextsAsSent, scope: string, raw: Buffer, span: MemberSpan | undefined): { span: MemberSpan; written: RememberedTools } | undefined {
  const entries = read.toolEntries;
  if (entries === undefined || span === undefined || raw[span.valueStart] !== OPEN_BRACKET) return undefined;
  const keyScope = adapterScope(read, scope);
  const bytes = raw.subarray(span.valueStart, span.valueEnd);
  const known = toolsMemo.get(keyScope, bytes);
  if (known !== undefined) return { span, written: known };
  let tools: unknown;
  try {
    tools = parseMember(raw, span);
  } catch {
    return undefined;
  }
  const written = entries(tools);
  return written === undefined ? undefined : { span, written: toolsMemo.set(keyScope, bytes, written) };
}

/**
 * The body with its long texts (and its tools, when `tools` is given) as placeholders, parsed, and how to put them
 * back; undefined when it has none. The texts the adapter reads (TextsAsSent) are put back into the parsed body (parsed):
 * - the closing turn's: everything after the last tool message, or last user message holding a text set aside (a
 *   user message whose texts are empty adds no turn, and a system message none, so neither ends an assistant turn),
 *   and the last message;
 * - a tool message's, but a string content that cannot be JSON (mayBeJsonString): a coding agent's tool results
 *   are mostly files and listings, which stay aside.
 * Which messages those are is read off the parsed body, so repeated keys count as JSON.parse counts them.
 */
function textsAside(
  raw: Buffer,
  allTexts: readonly MemberSpan[],
  read: TextsAsSent,
  tools: { span: MemberSpan; written: RememberedTools } | undefined,
  conversation: { scope: string; at: ConversationAt } | undefined,
): Parsed | undefined {
  // the messages the key sent last, parsed then: only what follows them is decoded and parsed now
  const found = conversation && parsedConversations.find(conversation.scope, raw, conversation.at);
  const kept: ParsedPrefix | undefined = found?.kept;
  // and the turns the adapter wrote for them then, when it did
  const foundTurns = kept?.turns;
  const texts = found === undefined ? allTexts : allTexts.filter((t) => t.valueStart >= found.rest);
  if (texts.length === 0 && tools === undefined && kept === undefined) return undefined;
  // unguessable, so no client's text can hold a placeholder; a UUID needs no escape in JSON
  const prefix = kept?.prefix ?? `svc-text-${randomUUID()}-`;
  // the texts' numbers follow those of the messages kept; the tools' come after them
  const base = kept?.next ?? 0;
  const toolsAt = base + texts.length;
  const turnsPlaceholder = `${prefix}${toolsAt + 1}`;
  const cuts = texts.map((span, i) => ({ span, with: `"${prefix}${base + i}"` }));
  if (found !== undefined) cuts.push({ span: { valueStart: conversation!.at.open + 1, valueEnd: found.rest }, with: "" });
  if (tools !== undefined) cuts.push({ span: tools.span, with: `"${prefix}${toolsAt}"` });
  cuts.sort((a, b) => a.span.valueStart - b.span.valueStart);
  // decoded piece by piece: each piece ends before a string's quote, an array's bracket or a message, never inside a
  // character
  let skeleton = "";
  let from = 0;
  for (const cut of cuts) {
    skeleton += raw.toString("utf8", from, cut.span.valueStart) + cut.with;
    from = cut.span.valueEnd;
  }
  skeleton += raw.toString("utf8", from);
  // the placeholders make it no deeper than the body the scan accepted
  const object = parseScannedText(skeleton);
  if (tools !== undefined) setToolsAside(object, { placeholder: `${prefix}${toolsAt}`, names: tools.written.names });
  if (kept !== undefined) object.messages = kept.messages.concat(object.messages as unknown[]);
  const messages = object.messages as unknown[];
  const keptCount = kept?.messages.length ?? 0;
  // every text set aside is one; any other string of the skeleton is under LONG_TEXT, most differ at their first character
  const isPlaceholder = (v: unknown): v is string => typeof v === "string" && v.charCodeAt(0) === prefix.charCodeAt(0) && startsAt(v, prefix);
  const spanAt = (i: number): MemberSpan | undefined => {
    if (i >= base) return texts[i - base];
    const span = kept!.spans[i];
    const open = conversation!.at.open;
    return span && { valueStart: open + span.valueStart, valueEnd: open + span.valueEnd };
  };
  const spanOf = (placeholder: string): MemberSpan => spanAt(Number(placeholder.slice(prefix.length)))!;
  const parts = (m: unknown): unknown[] => {
    const content = (m as { content?: unknown } | null)?.content;
    return Array.isArray(content) ? content : [];
  };
  const textPart = (p: unknown): p is { type: "text"; text: unknown } => (p as { type?: unknown } | null)?.type === "text";
  let closer = -1;
  if (read.closingTurnRead) {
    for (let i = messages.length - 1; i >= 0 && closer < 0; i--) {
      const m = messages[i] as { role?: unknown; content?: unknown } | null;
      if (m?.role === "tool" || (m?.role === "user" && (isPlaceholder(m.content) || parts(m).some((p) => textPart(p) && isPlaceholder(p.text))))) closer = i;
    }
  }
  const text = (placeholder: string): string => parseMember(raw, spanOf(placeholder)) as string;
  // the kept messages are as every request reads them when its closing turn starts after them (a tool result's texts,
  // for an adapter that reads them, are put back the same in every request): counted, not walked again
  const skipKept = kept !== undefined && (!read.closingTurnRead || closer >= keptCount - 1);
  let aside = skipKept ? kept.aside : 0;
  // the messages the key's next request may find: those before the closing turn, which no text was put back into
  const count = read.closingTurnRead ? closer : messages.length - 1;
  let asideBeforeCount = -1;
  for (let i = skipKept ? keptCount : 0; i < messages.length; i++) {
    if (i === count) asideBeforeCount = aside;
    const m = messages[i];
    let message = m as { role?: unknown; content?: unknown } | null;
    // a kept message is shared with the key's other requests: copied before a text is put back into it
    const own = (): { content?: unknown } => {
      if (i < keptCount && message === m) messages[i] = message = copyMessage(m);
      return message!;
    };
    const closing = read.closingTurnRead && (i > closer || i === messages.length - 1);
    const toolResult = read.toolResultsRead && message?.role === "tool";
    if (isPlaceholder(message?.content)) {
      if (closing || (toolResult && mayBeJsonString(raw, spanOf(message.content)))) own().content = text(message.content);
      else aside++;
    }
    parts(message).forEach((p, j) => {
      const part = p as { text?: unknown } | null;
      if (!isPlaceholder(part?.text)) return;
      if (closing || toolResult) (parts(own())[j] as { text?: unknown }).text = text(part.text);
      else aside++;
    });
  }
  // the entry the adapter's turns for this request's messages are kept with (TurnsKeeper)
  let target = count === keptCount ? kept : undefined;
  if (conversation !== undefined && asideBeforeCount >= 0 && count > 0 && count !== keptCount && messages.length === conversation.at.ends.length) {
    const { open, ends } = conversation.at;
    // this request's texts in the messages kept: the first of its texts
    const keptEnd = open + ends[count - 1]!;
    let added = 0;
    while (added < texts.length && texts[added]!.valueStart < keptEnd) added++;
    let spans = kept?.spans ?? [];
    if (added > 0) {
      const grown = [...spans];
      for (let i = 0; i < added; i++) grown[base + i] = { valueStart: texts[i]!.valueStart - open, valueEnd: texts[i]!.valueEnd - open };
      spans = grown;
    }
    // the turns written for the messages kept go on with them, as far as they are still kept
    const turns = foundTurns !== undefined && foundTurns.messages <= count ? foundTurns : undefined;
    const entry = { messages: messages.slice(0, count), prefix, spans, next: base + added, aside: asideBeforeCount, turns };
    target = parsedConversations.keep(conversation.scope, raw, conversation.at, entry, skeleton.length);
  }
  if (foundTurns !== undefined || target !== undefined) setTurnsKeeper(object, turnsKeeper(foundTurns, prefix, turnsPlaceholder, target));
  const source = { bytes: raw };
  if (aside === 0 && tools === undefined && foundTurns === undefined) return { object, source };
  const pieceAt = (i: number): Uint8Array | undefined => {
    if (i === toolsAt) return tools?.written.json;
    const span = i < toolsAt ? spanAt(i) : undefined;
    return span && raw.subarray(span.valueStart, span.valueEnd);
  };
  const restore = (written: string): JsonPieces | undefined => restorePieces(written, prefix, pieceAt);
  if (foundTurns === undefined) return { object, source, restore };
  const quoted = `"${turnsPlaceholder}"`;
  return {
    object,
    source,
    restore: (written) => {
      const at = written.indexOf(quoted);
      if (at < 0) return restore(written);
      // the turns kept, between what the adapter wrote before and after them
      const before = restore(written.slice(0, at));
      const turns = piecesOf(foundTurns.pieces, pieceAt);
      const after = restore(written.slice(at + quoted.length));
      return before && turns && after && before.concat(turns, after);
    },
  };
}

/**
 * What the adapter is offered of the turns it wrote for the key's last request (TurnsKeeper): those found with the
 * messages kept (`found`), written as `placeholder`; and the entry (`target`) that keeps this request's for the next.
 */
function turnsKeeper(found: TurnsWritten | undefined, prefix: string, placeholder: string, target: ParsedPrefix | undefined): TurnsKeeper {
  return {
    found: found && { messages: found.messages, state: found.state, placeholder },
    upTo: target === undefined ? -1 : target.messages.length,
    keep: (messages, state, json, from) => {
      if (target === undefined || messages > target.messages.length) return;
      const cut = cutAtPlaceholders(json, prefix);
      if (cut === undefined) return;
      if (from === 0) target.turns = { messages, state, pieces: cut };
      else if (from === found?.messages) target.turns = { messages, state, pieces: [...found.pieces, COMMA_BYTES, ...cut] };
    },
  };
}

const COMMA_BYTES = Buffer.from(",");

/** A copy of a message whose texts can be changed without changing it: its content parts copied too. */
function copyMessage(m: unknown): { content?: unknown } {
  const message = { ...(m as Record<string, unknown>) };
  if (Array.isArray(message.content)) message.content = message.content.map((p: unknown) => (p !== null && typeof p === "object" ? { ...p } : p));
  return message;
}

/** The request written, with each placeholder (`prefix` and its number, as a whole JSON string) replaced by its piece. */
function restorePieces(written: string, prefix: string, pieceAt: (i: number) => Uint8Array | undefined): JsonPieces | undefined {
  const cut = cutAtPlaceholders(written, prefix);
  return cut && piecesOf(cut, pieceAt);
}

/** `cut`'s pieces, each placeholder's number replaced by its piece; undefined when one has none. */
function piecesOf(cut: readonly (Uint8Array | number)[], pieceAt: (i: number) => Uint8Array | undefined): Uint8Array[] | undefined {
  const pieces: Uint8Array[] = new Array(cut.length);
  for (let i = 0; i < cut.length; i++) {
    const c = cut[i]!;
    const piece = typeof c === "number" ? pieceAt(c) : c;
    if (piece === undefined) return undefined;
    pieces[i] = piece;
  }
  return pieces;
}

/**
 * JSON written with placeholders (`prefix` and a number, as whole JSON strings), as its UTF-8 bytes around them and
 * each one's number in its place; undefined when a placeholder is in it other than as a whole JSON string.
 */
function cutAtPlaceholders(written: string, prefix: string): (Uint8Array | number)[] | undefined {
  const cut: (Uint8Array | number)[] = [];
  // what the adapter wrote around the texts is mostly ASCII (the texts are aside): then its UTF-8 bytes are encoded
  // once, and a character's index is its byte's offset
  const ascii = Buffer.byteLength(written) === written.length ? Buffer.from(written, "latin1") : undefined;
  const encoded = (start: number, end: number): Uint8Array => (ascii !== undefined ? ascii.subarray(start, end) : Buffer.from(written.slice(start, end)));
  let from = 0;
  for (let at = written.indexOf(prefix); at >= 0; at = written.indexOf(prefix, at + prefix.length)) {
    // a whole JSON string: an opening quote no backslash escapes (JSON.stringify escapes every quote inside a
    // string), the placeholder's number, the closing quote
    let backslashes = 0;
    while (written.charCodeAt(at - 2 - backslashes) === BACKSLASH) backslashes++;
    if (written.charCodeAt(at - 1) !== QUOTE || backslashes % 2 === 1) return undefined;
    let close = at + prefix.length;
    while (close < written.length && written.charCodeAt(close) >= 0x30 && written.charCodeAt(close) <= 0x39) close++;
    if (close === at + prefix.length || written.charCodeAt(close) !== QUOTE) return undefined;
    cut.push(encoded(from, at - 1), Number(written.slice(at + prefix.length, close)));
    from = close + 1;
  }
  cut.push(encoded(from, written.length));
  return cut;
}

/**
 * What the projection read of one element of a kept conversation: its projection (null for an element that is not an
 * object) and its long texts (offsets from the conversation's `[`). Shared by the requests that find it: never changed.
 */
interface ElementRead {
  readonly message: Record<string, unknown> | null;
  readonly texts: readonly MemberSpan[];
}

/** The keys' last long conversations as the projection read them (a coding agent's turn holds ~180 KB of them). */
const conversations = new ConversationMemo<ElementRead>(256, 8 * 1024 * 1024);

/** The keys' last long `tools` as the projection counted them (a coding agent's are ~37 KB). */
const toolsSeen = new ConversationMemo<number>(256, 8 * 1024 * 1024);

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
  /** Each string `content` and part `text` of LONG_TEXT bytes or more, in order. */
  readonly texts: MemberSpan[] = [];
  readonly readers: ReadonlyMap<string, MemberReader>;
  /** With a scope: where the conversation is, and each message's end (ConversationAt), for ParsedConversations. */
  conversationAt: ConversationAt | undefined;
  /** How many `messages` members were read (a repeated key is read each time). */
  conversationsRead = 0;

  constructor(
    private readonly raw: Buffer,
    private readonly scope: string | undefined,
  ) {
    this.readers = new Map<string, MemberReader>([
      ["messages", (start, depth) => (raw[start] === OPEN_BRACKET ? this.readMessages(start, depth) : topLevelValueEnd(raw, start, depth))],
      ["tools", (start, depth) => (raw[start] === OPEN_BRACKET ? this.readTools(start, depth) : topLevelValueEnd(raw, start, depth))],
    ]);
  }

  private readMessages(start: number, depth: number): number {
    const raw = this.raw;
    const messages: unknown[] = [];
    // each element's end and what was read of it, for the key's next request
    const { points, reads, sameAs } = this.scope === undefined ? { points: [], reads: [] } : conversations.same(this.scope, raw, start, depth);
    // the bytes found the same, before the points of this conversation's own messages are added
    const same = sameAs && { bytes: sameAs, length: points[points.length - 1]! };
    for (const read of reads) {
      messages.push(read.message);
      for (const t of read.texts) this.texts.push({ valueStart: start + t.valueStart, valueEnd: start + t.valueEnd });
    }
    const visit = (at: number): number => {
      const textsBefore = this.texts.length;
      let message: Record<string, unknown> | null = null;
      let end: number;
      if (raw[at] !== OPEN_BRACE || depth < 2) end = skipValue(raw, at, depth - 1);
      else {
        const m: Record<string, unknown> = (message = {});
        end = visitMembers(raw, at, (key, value) => this.readMessageMember(m, key, value, depth - 2));
      }
      messages.push(message);
      if (end >= 0 && this.scope !== undefined) {
        points.push(end - start);
        reads.push({ message, texts: this.texts.slice(textsBefore).map((t) => ({ valueStart: t.valueStart - start, valueEnd: t.valueEnd - start })) });
      }
      return end;
    };
    const end = points.length > 0 ? elementsAfter(raw, start + points[points.length - 1]!, visit) : visitElements(raw, start, visit);
    if (end < 0) return end;
    this.messages = messages;
    this.conversationsRead++;
    if (this.scope !== undefined) {
      conversations.keep(this.scope, raw.subarray(start, end), points, reads, depth);
      this.conversationAt = { open: start, ends: points, same };
    }
    return end;
  }

  /** Sets the member as the projection has it (a repeated key: the last, as JSON.parse keeps it); just past it, or -1. */
  private readMessageMember(message: Record<string, unknown>, key: string, start: number, depth: number): number {
    const raw = this.raw;
    if (!MESSAGE_READ.has(key)) return skipValue(raw, start, depth);
    const isArray = raw[start] === OPEN_BRACKET && depth >= 1;
    if (key === "tool_calls" && isArray) {
      const { end, read } = this.count(start, depth);
      message.tool_calls = new Array<null>(read).fill(null);
      return end;
    }
    if (key !== "content") return this.parsed(message, key, start, depth);
    if (!isArray) {
      message.content = null;
      return this.text(start, depth);
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
      return visitMembers(raw, at, (k, value) =>
        PART_READ.has(k) ? this.parsed(part, k, value, depth - 2) : k === "text" ? this.text(value, depth - 2) : skipValue(raw, value, depth - 2),
      );
    });
  }

  /** `tools` (an array) as many nulls as it has elements; just past it, or -1. The key's last long ones are not walked again. */
  private readTools(start: number, depth: number): number {
    const scan = () => this.count(start, depth);
    const { end, read } = this.scope === undefined ? scan() : valueEnd(toolsSeen, this.scope, this.raw, start, depth, scan);
    this.tools = new Array<null>(read).fill(null);
    return end;
  }

  /** Just past the value at `start`, a string of LONG_TEXT bytes or more kept in `texts`; or -1. */
  private text(start: number, depth: number): number {
    const end = skipValue(this.raw, start, depth);
    if (end - start >= LONG_TEXT && this.raw[start] === QUOTE) this.texts.push({ valueStart: start, valueEnd: end });
    return end;
  }

  /** How many elements the array at `start` has (`read`), and just past it (`end`), or -1. */
  private count(start: number, depth: number): { end: number; read: number } {
    let read = 0;
    const end = visitElements(this.raw, start, (at) => {
      read++;
      return skipValue(this.raw, at, depth - 1);
    });
    return { end, read };
  }

  /** Sets `into[key]` to the value at `start`, parsed; just past it, or -1 when it does not parse. */
  private parsed(into: Record<string, unknown>, key: string, start: number, depth: number): number {
    const raw = this.raw;
    const end = skipValue(raw, start, depth);
    if (end < 0) return -1;
    // most read values are short plain strings (a role, a part's type): no escape or control character, nothing to parse
    if (raw[start] === QUOTE && plainString(raw, start + 1, end - 1)) {
      into[key] = raw.toString("utf8", start + 1, end - 1);
      return end;
    }
    try {
      into[key] = JSON.parse(raw.toString("utf8", start, end));
    } catch {
      return -1;
    }
    return end;
  }
}

/** Whether bytes `from`..`to` of a JSON string hold neither an escape nor a control character, so they are its text. */
function plainString(raw: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (raw[i]! < 0x20 || raw[i] === BACKSLASH) return false;
  return true;
}
