import { COMMA, type MemberSpan } from "../providers/shared/json-top-level.ts";
import { SizedLru } from "../sized-lru.ts";

/**
 * A key's conversation as the route parsed it with its long texts set aside (routes/chat-body-bytes.ts), up to a
 * message: the messages before its closing turn, which the key's next turn, a coding agent's, sends again byte for
 * byte. They are taken as they were parsed rather than parsed again, with what that turn added.
 */
export interface ParsedPrefix {
  /**
   * The conversation's bytes from its `[` to just past the last message kept: a view of the body of the latest request
   * that held them (ParsedConversations.find), which the scan's memo keeps too (ConversationAt.same).
   */
  bytes: Buffer;
  /** Those messages as parsed, each long text a placeholder (`prefix` and its number). Shared: never changed. */
  readonly messages: readonly unknown[];
  /** The placeholders' prefix, unguessable as each request's own is, and like it never sent to a client. */
  readonly prefix: string;
  /** Where each placeholder's text is, as offsets from the conversation's `[`; numbers from `next` on are free. */
  readonly spans: readonly (MemberSpan | undefined)[];
  readonly next: number;
  /** How many placeholders the messages hold (texts left aside, not put back into them). */
  readonly aside: number;
  /**
   * The turns the adapter wrote for the first of these messages (TurnsKept), as pieces (TurnsWritten). Set after the
   * entry is kept, by the adapter that writes the request it was kept from, or a later one (TurnsKeeper).
   */
  turns: TurnsWritten | undefined;
}

/**
 * An adapter's turns for a conversation's first `messages` (TurnsKept), as they are written, the elements of their
 * array without its brackets: pieces of the JSON around their texts, and in each text's place the number of its
 * placeholder, whose bytes are in the body of the request that puts them back (ParsedPrefix.spans).
 */
export interface TurnsWritten {
  readonly messages: number;
  readonly state: unknown;
  readonly pieces: readonly (Uint8Array | number)[];
}

/** Where a conversation is in its body, as the scan found it: its `[` and each message's end (offsets from it). */
export interface ConversationAt {
  readonly open: number;
  readonly ends: readonly number[];
  /**
   * The scan's memo of the key's conversation (http/conversation-memo.ts): its last conversation (a view of that
   * request's body), whose first `length` bytes this one holds from its `[`, compared already.
   */
  readonly same?: { readonly bytes: Buffer; readonly length: number } | undefined;
}

/** A conversation shorter than this is parsed whole: there is little to skip, and it would churn the memo. */
const MIN_BYTES = 8 * 1024;

/**
 * Each key's last long conversation as parsed (ParsedPrefix), under a scope of its own for each adapter, whose
 * TextsAsSent decide which texts stay placeholders. An entry holds its request's body (the bytes compared, and
 * counted) and the messages parsed from the skeleton, roughly twice the skeleton's length.
 */
export class ParsedConversations {
  readonly #entries: SizedLru<ParsedPrefix>;

  constructor(maxEntries: number, maxBytes: number) {
    this.#entries = new SizedLru(maxEntries, maxBytes);
  }

  /**
   * The scope's kept messages and where the rest of this conversation starts (just past the comma after the last of
   * them), when it holds them, byte for byte, and more after them; undefined otherwise.
   */
  find(scope: string, raw: Buffer, at: ConversationAt): { kept: ParsedPrefix; rest: number } | undefined {
    const kept = this.#entries.get(scope);
    if (kept === undefined) return undefined;
    const count = kept.messages.length;
    const end = at.open + kept.bytes.length;
    // the scan ends a message where the kept bytes end, with one more after it, when they are the same
    if (at.ends.length <= count || at.ends[count - 1] !== kept.bytes.length) return undefined;
    // kept from the body the scan's memo compared this one's with: its comparison holds for them
    const known = at.same;
    const compared = known !== undefined && known.bytes.buffer === kept.bytes.buffer && known.bytes.byteOffset === kept.bytes.byteOffset && known.length >= kept.bytes.length;
    if (!compared && !raw.subarray(at.open, end).equals(kept.bytes)) return undefined;
    let i = end;
    while (i < raw.length && raw[i] !== COMMA) i++;
    if (i === raw.length) return undefined;
    // this body's from now on, as the memo's: the key's next request is compared with it once, and an earlier body is
    // not held for the entry alone
    kept.bytes = raw.subarray(at.open, end);
    return { kept, rest: i + 1 };
  }

  /**
   * Keeps a conversation's first `messages` (ParsedPrefix), if they are long, and gives the entry kept;
   * `skeletonLength` sizes their objects and their turns' JSON.
   */
  keep(scope: string, raw: Buffer, at: ConversationAt, entry: Omit<ParsedPrefix, "bytes">, skeletonLength: number): ParsedPrefix | undefined {
    const count = entry.messages.length;
    if (count === 0 || at.ends[count - 1]! < MIN_BYTES) return undefined;
    const kept: ParsedPrefix = { ...entry, bytes: raw.subarray(at.open, at.open + at.ends[count - 1]!) };
    this.#entries.set(scope, kept, raw.buffer.byteLength + 3 * skeletonLength);
    return kept;
  }
}
