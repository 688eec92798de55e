import { describe, expect, it } from "vitest";
import { HEAD_ALONE_COMMENT, HEAD_ALONE_MS } from "../../dataplane/src/http/context.ts";
import { useEmbeddedGateway } from "../harness/gateway.ts";

/**
 * A stream's head on the wire. uWebSockets.js ends a head (its blank line) only with the first chunk, so a head
 * written alone left the client with a status line and no end of head until the provider's first event: a client
 * (fetch, an SDK's create()) or a proxy waiting for the head waited as long as the model took to start writing.
 */
describe("a stream's head", () => {
  const f = useEmbeddedGateway();

  const streamRequest = () =>
    fetch(`${f.base}/v1/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${f.key}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4o", stream: true, messages: [{ role: "user", content: "think first" }] }),
    });

  it("reaches the client whole before a late first event, with an SSE comment the stream then starts with", async () => {
    // the provider's head at once, its first event 4 s later
    const firstDelayMs = 4 * HEAD_ALONE_MS;
    f.mock.setStreamShape({ chunks: 3, firstDelayMs });
    const startedAt = Date.now();
    const res = await streamRequest();
    const headAfterMs = Date.now() - startedAt;
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    // fetch resolves once the head is complete: well before the first event (before this change, only with it)
    expect(headAfterMs).toBeGreaterThanOrEqual(HEAD_ALONE_MS - 50);
    expect(headAfterMs).toBeLessThan(firstDelayMs - HEAD_ALONE_MS);
    const text = await res.text();
    expect(text.startsWith(HEAD_ALONE_COMMENT)).toBe(true);
    expect(text.split(HEAD_ALONE_COMMENT).length).toBe(2);
    expect(text.match(/^data: \{/gm)?.length).toBeGreaterThanOrEqual(3);
    expect(text.trimEnd().endsWith("data: [DONE]")).toBe(true);
  });

  it("does not change the events the official SDK reads", async () => {
    const read = async () => {
      const stream = await f.client.chat.completions.create({ model: "gpt-4o", stream: true, messages: [{ role: "user", content: "think first" }] });
      const chunks: string[] = [];
      for await (const chunk of stream) chunks.push(JSON.stringify(chunk.choices[0]?.delta ?? null));
      return chunks;
    };
    f.mock.setStreamShape({ chunks: 3 });
    const atOnce = await read();
    f.mock.setStreamShape({ chunks: 3, firstDelayMs: 2 * HEAD_ALONE_MS });
    const late = await read();
    expect(atOnce.length).toBeGreaterThanOrEqual(3);
    expect(late).toEqual(atOnce);
  });

  it("leaves with the first event when that follows at once: the stream is the provider's, no comment", async () => {
    f.mock.setStreamShape({ chunks: 3 });
    const res = await streamRequest();
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text.startsWith("data: {")).toBe(true);
    expect(text).not.toContain(HEAD_ALONE_COMMENT);
  });

  it("writes no comment once the first event has gone, however long the provider pauses after it", async () => {
    // the head alone first (its timer set), the first event soon after, then a pause longer than the timer: the timer,
    // cleared once the first chunk has been written, must not bring a comment
    f.mock.setStreamShape({ chunks: 3, firstDelayMs: 50, secondDelayMs: HEAD_ALONE_MS + 500 });
    const res = await streamRequest();
    const text = await res.text();
    expect(text.startsWith("data: {")).toBe(true);
    expect(text).not.toContain(HEAD_ALONE_COMMENT);
    expect(text.match(/^data: \{/gm)?.length).toBeGreaterThanOrEqual(3);
  });
});
