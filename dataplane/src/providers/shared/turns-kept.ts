import type { z } from "zod";
import { plainMessages } from "./chat-request.ts";

/**
 * A conversation's first messages as a translating adapter wrote them for the key's last request, kept by the route
 * with those messages (routes/parsed-conversations.ts). A coding agent's next turn sends them again byte for byte, so
 * only the messages after them are translated and written again: the route puts the turns' JSON back in the request
 * written, in place of `placeholder`.
 */
export interface TurnsKept {
  /** How many of the body's messages the turns translate; the message after them started a turn of its own. */
  readonly messages: number;
  /** The adapter's own: what translating the messages after them reads of them. Shared: never changed. */
  readonly state: unknown;
  /** Written by the adapter as one element of its turns, before the turns it wrote itself. */
  readonly placeholder: string;
}

/** What the route offers an adapter that translates the body's conversation (TurnsKept). */
export interface TurnsKeeper {
  /** Turns kept for this body's first messages, as the key's last request left them; undefined: none. */
  readonly found: TurnsKept | undefined;
  /** How many of the body's messages the route keeps for the key's next request: the turns kept translate no more. */
  readonly upTo: number;
  /**
   * Keeps the turns written for the body's messages up to `messages` (≤ upTo), for the key's next request: `json` is
   * those from message `from` on (0, or found.messages when they follow the turns found), as written, the elements
   * of their array without its brackets; `state` the adapter's (TurnsKept.state).
   */
  keep(messages: number, state: unknown, json: string, from: number): void;
}

// a symbol: never a member a client sent, and not written by JSON.stringify
const TURNS_KEEPER = Symbol("turns kept");

/** Offers `body`'s adapter the turns kept (TurnsKeeper); the route does, after parsing the body. */
export function setTurnsKeeper(body: Record<string, unknown>, keeper: TurnsKeeper): void {
  (body as { [TURNS_KEEPER]?: TurnsKeeper })[TURNS_KEEPER] = keeper;
}

/** The turns kept for this body, if the route offers them. */
export function turnsKeeper(body: Record<string, unknown>): TurnsKeeper | undefined {
  return (body as { [TURNS_KEEPER]?: TurnsKeeper })[TURNS_KEEPER];
}

/** Where the last turn that starts at a message the route keeps starts: the turns before it can be kept. */
export class KeptBoundary {
  /** The message that starts it (-1: none yet), the turns and system entries written before it. */
  message = -1;
  turns = 0;
  system = 0;

  constructor(private readonly upTo: number) {}

  /** Message `message` starts a turn, after `turns` turns and `system` system entries. */
  started(message: number, turns: number, system: number): void {
    if (message > this.upTo) return;
    this.message = message;
    this.turns = turns;
    this.system = system;
  }
}

/**
 * The messages after the turns kept (`keeper.found`), translated by `translate` on from them, when that part of the
 * list is as an adapter reads it plainly or its `schema` accepts it; undefined otherwise, or when `translate` cannot
 * go on from the turns kept. The whole list is then translated as usual, and its errors name each message by its
 * place in the whole list.
 */
export function translatedAfterKept<M, R>(raw: unknown, keeper: TurnsKeeper | undefined, schema: z.ZodType<M[]>, translate: (rest: M[], found: TurnsKept) => R | undefined): R | undefined {
  const found = keeper?.found;
  if (found === undefined || !Array.isArray(raw) || raw.length <= found.messages) return undefined;
  const rest = raw.slice(found.messages);
  const list = plainMessages(rest) ? (rest as M[]) : schema.safeParse(rest).data;
  return list && translate(list, found);
}
