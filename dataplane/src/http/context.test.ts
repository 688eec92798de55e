import type { HttpRequest, HttpResponse } from "uWebSockets.js";
import { describe, expect, it } from "vitest";
import { HEAD_HOLD_MS, RequestContext } from "./context.ts";

/** A uWS response that records what is written, one entry per corked write (what leaves the socket together). */
function recordingResponse() {
  const sent: string[] = [];
  let current: string[] | undefined;
  const put = (s: string) => (current ? current.push(s) : sent.push(s));
  const res = {
    onAborted: () => res,
    onWritable: () => res,
    cork(cb: () => void) {
      current = [];
      cb();
      sent.push(current.join(""));
      current = undefined;
      return res;
    },
    writeStatus(s: string) {
      put(`HTTP/1.1 ${s}\r\n`);
      return res;
    },
    writeHeader(k: string, v: string) {
      put(`${k}: ${v}\r\n`);
      return res;
    },
    write(chunk: string | Uint8Array) {
      put(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString());
      return true;
    },
    end() {
      put("<end>");
      return res;
    },
  };
  return { res: res as unknown as HttpResponse, sent };
}

const request = {
  getMethod: () => "post",
  getUrl: () => "/v1/chat/completions",
  getQuery: () => "",
  getHeader: () => "",
  forEach: () => undefined,
} as unknown as HttpRequest;

const turn = () => new Promise((r) => setImmediate(r));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("a streamed answer's head", () => {
  it("waits for the first chunk and leaves with it in one write", async () => {
    const { res, sent } = recordingResponse();
    const ctx = new RequestContext(res, request);
    ctx.startStream({ "content-type": "text/event-stream" });
    await turn();
    await turn();
    // the provider's head came alone: nothing has been written to the client yet
    expect(sent).toEqual([]);
    ctx.write("data: first\n\n");
    await turn();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    expect(sent[0]).toContain("content-type: text/event-stream\r\n");
    expect(sent[0]!.endsWith("data: first\n\n")).toBe(true);
    ctx.write("data: second\n\n");
    await turn();
    expect(sent).toEqual([sent[0], "data: second\n\n"]);
  });

  it("goes alone once the hold has passed without a chunk, and is not sent twice", async () => {
    const { res, sent } = recordingResponse();
    const ctx = new RequestContext(res, request);
    ctx.startStream({ "content-type": "text/event-stream" });
    await sleep(HEAD_HOLD_MS * 4);
    await turn();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    ctx.write("data: late\n\n");
    ctx.endStream();
    await turn();
    expect(sent).toEqual([sent[0], "data: late\n\n<end>"]);
  });

  it("of a stream ended without a chunk leaves with its end", async () => {
    const { res, sent } = recordingResponse();
    const ctx = new RequestContext(res, request);
    ctx.startStream({ "content-type": "text/event-stream" });
    ctx.endStream();
    await turn();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^HTTP\/1\.1 200 OK\r\n[^]*<end>$/);
    await sleep(HEAD_HOLD_MS * 4);
    expect(sent).toHaveLength(1);
  });
});

describe("a request's headers", () => {
  it("are kept as the route names them: present ones only, nothing else", () => {
    const sent: Record<string, string> = { "anthropic-version": "2023-06-01", "x-stainless-os": "Linux", authorization: "Bearer k" };
    const req = { ...request, getHeader: (k: string) => sent[k] ?? "" } as unknown as HttpRequest;
    const ctx = new RequestContext(recordingResponse().res, req, ["x-api-key", "anthropic-version", "anthropic-beta"]);
    expect(ctx.headers).toEqual({ "anthropic-version": "2023-06-01" });
    expect(ctx.authorization).toBe("Bearer k");
    expect(new RequestContext(recordingResponse().res, req).headers).toEqual({});
  });
});
