import { describe, expect, it } from "vitest";
import { GatewayError } from "../../errors.ts";
import { anthropicChat } from "../anthropic/chat.ts";
import { geminiChat } from "../google/chat.ts";
import type { ChatAdapter } from "../types.ts";
import { setTurnsKeeper, type TurnsKeeper } from "./turns-kept.ts";

const target = { baseUrl: "http://127.0.0.1:1", credential: "k", upstreamModel: "claude-sonnet-4-5", maxOutputTokens: 1024 };

const call = (id: string, path: string) => ({ id, type: "function", function: { name: "read", arguments: JSON.stringify({ path }) } });
/** A coding agent's conversation after `steps` steps: reads, some in parallel, their results, a note from the system. */
function conversation(steps: number): Record<string, unknown>[] {
  const messages: Record<string, unknown>[] = [
    { role: "system", content: "Tu es un agent." },
    { role: "user", content: [{ type: "text", text: "Corrige le module é✓." }] },
  ];
  for (let s = 0; s < steps; s++) {
    const ids = s % 2 === 0 ? [`call_${s}a`, `call_${s}b`] : [`call_${s}a`];
    messages.push({ role: "assistant", content: `Je lis ${s}.`, tool_calls: ids.map((id) => call(id, `f${s}.ts`)) });
    for (const id of ids) messages.push({ role: "tool", tool_call_id: id, content: `{"lines":${s},"text":"contenu ${id}"}` });
    if (s === 2) messages.push({ role: "system", content: "Rappel: sois bref." });
  }
  return messages;
}

// thinking is dropped for Anthropic's turn that answers tool calls: read off the last two turns, one of them kept
const THINKING = { reasoning_effort: "low", max_completion_tokens: 4096 };

interface Kept {
  messages: number;
  state: unknown;
  json: string;
}

/** The adapter's request for `messages`, with the turns `found` offered; what it kept, and its body. */
function write(adapter: ChatAdapter, messages: unknown[], found: Kept | undefined, upTo: number, reasoning = false): { body: string; kept: Kept | undefined } {
  let kept: Kept | undefined;
  const keeper: TurnsKeeper = {
    found: found && { messages: found.messages, state: found.state, placeholder: "svc-turns" },
    upTo,
    keep: (n, state, json, from) => {
      kept = { messages: n, state, json: from === 0 ? json : `${found!.json},${json}` };
    },
  };
  const body: Record<string, unknown> = { model: "m", messages, stream: true, ...(reasoning ? THINKING : {}) };
  setTurnsKeeper(body, keeper);
  return { body: adapter.buildRequest(body, target, true).body as string, kept };
}

/** The request written whole, without turns kept. */
function whole(adapter: ChatAdapter, messages: unknown[], reasoning = false): string {
  return adapter.buildRequest({ model: "m", messages, stream: true, ...(reasoning ? THINKING : {}) }, target, true).body as string;
}

const refused = (write: () => unknown): string => {
  try {
    write();
  } catch (err) {
    if (err instanceof GatewayError) return `${err.status} ${err.param} ${err.message}`;
    throw err;
  }
  return "written";
};

describe("turns kept for a key's next request (TurnsKeeper)", () => {
  for (const [name, adapter] of [["Anthropic", anthropicChat], ["Gemini", geminiChat]] as const) {
    it(`writes only the messages after the turns kept, never reading those again, and what a whole translation writes (${name})`, () => {
      let found: Kept | undefined;
      let writtenKept = 0;
      for (let steps = 1; steps <= 6; steps++) {
        const messages = conversation(steps);
        // the route keeps the messages before the last tool result for the next request
        const upTo = messages.length - 1;
        // the messages the turns found translate are not read: here they are what the adapter would refuse
        const sent = found === undefined ? messages : [...Array.from({ length: found.messages }, () => null), ...messages.slice(found.messages)];
        const { body, kept } = write(adapter, sent, found, upTo, steps % 3 === 0);
        const expected = whole(adapter, messages, steps % 3 === 0);
        if (found !== undefined) {
          expect(body).toContain('"svc-turns"');
          writtenKept++;
        }
        expect(found === undefined ? body : body.replace('"svc-turns"', found.json)).toBe(expected);
        expect(kept, `step ${steps}`).toBeDefined();
        // each request keeps more: a turn starts at a message up to upTo, and the turns before it are kept
        expect(kept!.messages).toBeGreaterThan(found?.messages ?? 0);
        expect(kept!.messages).toBeLessThanOrEqual(upTo);
        found = kept;
      }
      expect(writtenKept).toBe(5);
    });

    it(`translates the whole conversation when its first message after the turns kept would join the last of them (${name})`, () => {
      const messages = conversation(2);
      const { kept } = write(adapter, messages, undefined, messages.length - 1);
      // the turns kept end on the assistant's last calls: an assistant message put right after them joins that turn
      const next = [...messages.slice(0, kept!.messages), { role: "assistant", content: "Encore une chose." }, ...messages.slice(kept!.messages)];
      const { body } = write(adapter, next, kept, next.length - 1);
      expect(body).not.toContain("svc-turns");
      expect(body).toBe(whole(adapter, next));
    });

    it(`names a refused message by its place in the whole conversation (${name})`, () => {
      const messages = conversation(3);
      const { kept } = write(adapter, messages, undefined, messages.length - 1);
      const next = [...messages, { role: "user", content: [{ type: "image_url", image_url: { url: "ftp://x.test/a.png" } }] }];
      const sent = [...Array.from({ length: kept!.messages }, () => ({ role: "user", content: "lu" })), ...next.slice(kept!.messages)];
      const answer = refused(() => write(adapter, sent, kept, next.length - 1));
      expect(answer).toMatch(/^400 /);
      expect(answer).toBe(refused(() => whole(adapter, next)));
      expect(answer).toContain(`messages[${next.length - 1}]`);
    });
  }

  it("reads whether a tool loop is open off the last turn kept when only one turn follows it (Anthropic, thinking)", () => {
    const messages = conversation(3);
    const { kept } = write(anthropicChat, messages, undefined, messages.length - 1);
    // the same request again: only the tool results' turn follows the turns kept, and it answers their calls
    const { body } = write(anthropicChat, messages, kept, messages.length - 1, true);
    expect(body).toContain('"svc-turns"');
    expect(body).not.toContain('"thinking"');
    expect(body.replace('"svc-turns"', kept!.json)).toBe(whole(anthropicChat, messages, true));
  });

  it("answers a Gemini tool result whose call is in the turns kept, by that call's name", () => {
    const messages = conversation(2);
    // kept up to the first of two parallel results: the second's call is in the turns kept
    const at = messages.findIndex((m) => m.tool_call_id === "call_0b");
    const { kept } = write(geminiChat, messages.slice(0, at), undefined, at - 1);
    expect(kept!.messages).toBeLessThan(at);
    const sent = [...Array.from({ length: kept!.messages }, () => null), ...messages.slice(kept!.messages)];
    const { body } = write(geminiChat, sent, kept, messages.length - 1);
    expect(body.replace('"svc-turns"', kept!.json)).toBe(whole(geminiChat, messages));
  });
});
