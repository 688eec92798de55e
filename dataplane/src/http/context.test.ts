import type { HttpRequest, HttpResponse } from "uWebSockets.js";
import { describe, expect, it } from "vitest";
import { RequestContext } from "./context.ts";

const response = { onAborted: () => response } as unknown as HttpResponse;

describe("a request's headers", () => {
  it("are kept as the route names them: present ones only, nothing else", () => {
    const sent: Record<string, string> = { "anthropic-version": "2023-06-01", "x-stainless-os": "Linux", authorization: "Bearer k" };
    const req = {
      getMethod: () => "post",
      getUrl: () => "/v1/messages",
      getQuery: () => "",
      getHeader: (k: string) => sent[k] ?? "",
    } as unknown as HttpRequest;
    const ctx = new RequestContext(response, req, ["x-api-key", "anthropic-version", "anthropic-beta"]);
    expect(ctx.headers).toEqual({ "anthropic-version": "2023-06-01" });
    expect(ctx.authorization).toBe("Bearer k");
    expect(new RequestContext(response, req).headers).toEqual({});
  });
});

describe("what a registered route tells of its requests", () => {
  it("gives the method the route was registered for, and reads the query and content type only where the route reads them", () => {
    const calls: string[] = [];
    const req = {
      getMethod: () => (calls.push("method"), "post"),
      getUrl: () => "/v1/images/generations",
      getQuery: () => (calls.push("query"), "a=1"),
      getHeader: (k: string) => (calls.push(k), k === "content-type" ? "multipart/form-data; boundary=x" : ""),
    } as unknown as HttpRequest;
    const plain = new RequestContext(response, req, undefined, { method: "POST" });
    expect(plain.method).toBe("POST");
    expect(calls).toEqual(["authorization"]);
    // a route that forgot its flag fails loudly rather than seeing an empty query or no content type
    expect(() => plain.query).toThrow(/query string without declaring it/);
    expect(() => plain.contentType).toThrow(/content type without declaring it/);
    calls.length = 0;
    const reading = new RequestContext(response, req, undefined, { method: "POST", query: true, contentType: true });
    expect([reading.method, reading.query, reading.contentType]).toEqual(["POST", "a=1", "multipart/form-data; boundary=x"]);
    expect(calls).toEqual(["query", "authorization", "content-type"]);
    calls.length = 0;
    // a request no route took (the 404 and 405 answers) is read whole
    const unrouted = new RequestContext(response, req);
    expect([unrouted.method, unrouted.query, unrouted.contentType]).toEqual(["POST", "a=1", "multipart/form-data; boundary=x"]);
    expect(calls).toEqual(["method", "query", "authorization", "content-type"]);
  });
});

describe("a request's body", () => {
  /** A context whose body arrives as the given chunks, each in uWS's memory only while its callback runs. */
  async function read(chunks: readonly Buffer[], opts: { limit?: number; declared?: number }): Promise<Buffer> {
    let onData: ((chunk: ArrayBuffer, isLast: boolean) => void) | undefined;
    const res = { onAborted: () => res, onData: (f: typeof onData) => (onData = f) } as unknown as HttpResponse;
    const req = { getMethod: () => "post", getUrl: () => "/v1/messages", getQuery: () => "", getHeader: () => "" } as unknown as HttpRequest;
    const ctx = new RequestContext(res, req);
    const read = ctx.readBody(opts.limit ?? 1 << 30, undefined, opts.declared);
    chunks.forEach((c, i) => {
      const memory = new Uint8Array(c).buffer;
      onData!(memory, i === chunks.length - 1);
      // uWS reuses its memory once the callback returns
      new Uint8Array(memory).fill(0x3f);
    });
    await read;
    const body = ctx.takeBody();
    // handed over once: the context keeps no reference to it
    expect(ctx.takeBody().length).toBe(0);
    return body;
  }
  const bytes = (n: number, seed: number) => Buffer.from(Array.from({ length: n }, (_, i) => (i * 7 + seed) % 251));

  it.each([
    ["declared and sent in two chunks", [bytes(128_000, 1), bytes(105_000, 2)], 233_000],
    ["declared and sent in one chunk", [bytes(5_000, 3)], 5_000],
    ["in many small chunks", Array.from({ length: 50 }, (_, i) => bytes(100, i)), 5_000],
    ["shorter than declared", [bytes(30_000, 4), bytes(10, 5)], 40_000],
    ["longer than declared", [bytes(30_000, 6), bytes(30_000, 7), bytes(5, 8)], 40_000],
    ["without a declared length", [bytes(30_000, 9), bytes(3, 10)], undefined],
  ])("comes whole and as sent: %s", async (_, chunks, declared) => {
    const body = await read(chunks, { declared });
    expect(body.equals(Buffer.concat(chunks))).toBe(true);
  });

  it("gets no buffer of a declared size far above what the client has sent", async () => {
    const body = await read([bytes(10, 11)], { declared: 8_000_000 });
    expect(body.equals(bytes(10, 11))).toBe(true);
    expect(body.buffer.byteLength).toBeLessThan(100_000);
  });

  it("is refused as soon as it passes the limit", async () => {
    await expect(read([bytes(600, 12), bytes(600, 13)], { limit: 1_000, declared: 900 })).rejects.toMatchObject({ status: 413 });
  });
});
