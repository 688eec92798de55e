import { describe, expect, it } from "vitest";
import { Http1ResponseParser, MAX_HEAD_BYTES, ResponseParseError, parseFields, type ResponseHeaders } from "./http1-response-parser.ts";

interface Seen {
  heads: { status: number; headers: ResponseHeaders }[];
  body: string;
  ends: boolean[];
}

function parser(noBody = false): { p: Http1ResponseParser; seen: Seen } {
  const seen: Seen = { heads: [], body: "", ends: [] };
  const events = {
    onHead: (status: number, head: string, from: number) => seen.heads.push({ status, headers: parseFields(head, from) }),
    onBody: (chunk: Buffer) => (seen.body += chunk.toString("latin1")),
    onEnd: (reusable: boolean) => seen.ends.push(reusable),
  };
  const p = new Http1ResponseParser(events);
  p.reset(events, noBody);
  return { p, seen };
}

/** Feeds `text` whole, then again split at every possible place (two pieces), and byte by byte: same result. */
function everySplit(text: string, check: (seen: Seen, p: Http1ResponseParser) => void, noBody = false): void {
  const bytes = Buffer.from(text, "latin1");
  const runs: Buffer[][] = [[bytes], [...bytes].map((b) => Buffer.from([b]))];
  for (let i = 1; i < bytes.length; i++) runs.push([bytes.subarray(0, i), bytes.subarray(i)]);
  for (const pieces of runs) {
    const { p, seen } = parser(noBody);
    for (const piece of pieces) p.push(piece);
    check(seen, p);
  }
}

const CHUNKED_SSE =
  "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n" +
  "9\r\ndata: 1\n\n\r\n" +
  "B;ext=1\r\ndata: [D]\n\n\r\n" +
  "0\r\nX-Trailer: t\r\n\r\n";

describe("Http1ResponseParser", () => {
  it("reads chunk sizes in either case, with leading zeros and extensions", () => {
    const body = "x".repeat(0x1a);
    everySplit(`HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1A\r\n${body}\r\n00001a;x=y\r\n${body}\r\nF \r\n${"y".repeat(15)}\r\n0\r\n\r\n`, (seen) => {
      expect(seen.body).toBe(`${body}${body}${"y".repeat(15)}`);
      expect(seen.ends).toEqual([true]);
    });
  });

  it("reads a status, lower-cased fields and a Content-Length body however the bytes are split", () => {
    everySplit("HTTP/1.1 201 Created\r\nContent-Type: application/json\r\nX-Multi: a\r\nx-multi: b\r\nContent-Length: 7\r\n\r\n{\"a\":1}", (seen, p) => {
      expect(seen.heads).toEqual([{ status: 201, headers: { "content-type": "application/json", "x-multi": ["a", "b"], "content-length": "7" } }]);
      expect(seen.body).toBe('{"a":1}');
      expect(seen.ends).toEqual([true]);
      expect(p.done).toBe(true);
    });
  });

  it("decodes chunked bodies with extensions and trailers however the bytes are split", () => {
    everySplit(CHUNKED_SSE, (seen) => {
      expect(seen.heads[0]!.status).toBe(200);
      expect(seen.body).toBe("data: 1\n\ndata: [D]\n\n");
      expect(seen.ends).toEqual([true]);
    });
  });

  it("hands body bytes over as they arrive, before the response is complete", () => {
    const { p, seen } = parser();
    p.push(Buffer.from("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n14\r\ndata: 1\n\n"));
    expect(seen.body).toBe("data: 1\n\n");
    expect(seen.ends).toEqual([]);
    expect(p.inProgress).toBe(true);
  });

  it("reads a body without framing until the close, and then the connection is not reusable", () => {
    const { p, seen } = parser();
    p.push(Buffer.from("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nhello "));
    p.push(Buffer.from("world"));
    expect(p.untilClose).toBe(true);
    p.end();
    expect(seen.body).toBe("hello world");
    expect(seen.ends).toEqual([false]);
  });

  it.each([
    ["Connection: close", "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", false],
    ["Connection: keep-alive, close", "HTTP/1.1 200 OK\r\nConnection: keep-alive, Close\r\nContent-Length: 0\r\n\r\n", false],
    ["HTTP/1.0", "HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", false],
    ["HTTP/1.1 keep-alive", "HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n", true],
  ])("decides reuse: %s", (_name, text, reusable) => {
    const { p, seen } = parser();
    p.push(Buffer.from(text));
    expect(seen.ends).toEqual([reusable]);
  });

  it("has no body for 204, 304 and the answer to HEAD", () => {
    for (const [text, noBody] of [
      ["HTTP/1.1 204 No Content\r\n\r\n", false],
      ["HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n", false],
      ["HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n", true],
    ] as const) {
      const { seen } = (() => {
        const r = parser(noBody);
        r.p.push(Buffer.from(text));
        return r;
      })();
      expect(seen.ends).toEqual([true]);
      expect(seen.body).toBe("");
    }
  });

  it("skips interim 1xx answers and reports the final one", () => {
    everySplit("HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok", (seen) => {
      expect(seen.heads.map((h) => h.status)).toEqual([200]);
      expect(seen.body).toBe("ok");
    });
  });

  it("reads the Keep-Alive hint and a Content-Length repeated with the same value", () => {
    const { p, seen } = parser();
    p.push(Buffer.from("HTTP/1.1 200 OK\r\nKeep-Alive: timeout=5, max=100\r\nContent-Length: 2\r\ncontent-length: 2\r\n\r\nok"));
    expect(p.keepAliveHint).toBe("timeout=5, max=100");
    expect(seen.body).toBe("ok");
  });

  it("frames by Transfer-Encoding over Content-Length, across repeated Transfer-Encoding fields", () => {
    const { p, seen } = parser();
    p.push(Buffer.from("HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip\r\nContent-Length: 99\r\nTRANSFER-ENCODING: Chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"));
    expect(seen.body).toBe("ok");
    expect(seen.ends).toEqual([true]);
  });

  it("accepts a status line without a reason phrase and fields without spaces", () => {
    const { p, seen } = parser();
    p.push(Buffer.from("HTTP/1.1 429\r\nretry-after:3\r\ncontent-length:0\r\n\r\n"));
    expect(seen.heads).toEqual([{ status: 429, headers: { "retry-after": "3", "content-length": "0" } }]);
  });

  it("can be reset for the next response on the same connection", () => {
    const { p, seen } = parser();
    p.push(Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\na"));
    const events = { onHead: (s: number) => seen.heads.push({ status: s, headers: {} as ResponseHeaders }), onBody: (c: Buffer) => (seen.body += c.toString()), onEnd: (r: boolean) => seen.ends.push(r) };
    p.reset(events);
    p.push(Buffer.from("HTTP/1.1 500 Oops\r\nContent-Length: 1\r\n\r\nb"));
    expect(seen.heads.map((h) => h.status)).toEqual([200, 500]);
    expect(seen.body).toBe("ab");
  });

  it("parses nothing more once stopped", () => {
    const { p, seen } = parser();
    p.push(Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nab"));
    p.stop();
    p.push(Buffer.from("cd"));
    p.end();
    expect(seen.body).toBe("ab");
    expect(seen.ends).toEqual([]);
  });

  it.each([
    ["not HTTP", "SSH-2.0-OpenSSH\r\n\r\n"],
    ["a bad status code", "HTTP/1.1 2x0 OK\r\n\r\n"],
    ["HTTP/2 status line", "HTTP/2 200\r\n\r\n"],
    ["a field without a name", "HTTP/1.1 200 OK\r\n: x\r\n\r\n"],
    ["a field without a colon", "HTTP/1.1 200 OK\r\nnocolon\r\n\r\n"],
    ["obsolete line folding", "HTTP/1.1 200 OK\r\nA: b\r\n c\r\n\r\n"],
    ["a name that is not a token", "HTTP/1.1 200 OK\r\nbad name: x\r\n\r\n"],
    ["a negative Content-Length", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n"],
    ["conflicting Content-Lengths", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n"],
    ["a chunk size that is not hex", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n"],
    ["a chunk size with a hex digit then not", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1g\r\n"],
    ["an empty chunk size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n;ext=1\r\n"],
    ["a chunk size of 13 digits", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0000000000001\r\n"],
    ["chunk data longer than its size", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nab\r\n"],
    ["a chunk line ended by LF alone", "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\nab"],
    ["bytes after the response", "HTTP/1.1 200 OK\r\nContent-Length: 1\r\n\r\nab"],
    ["101 Switching Protocols", "HTTP/1.1 101 Switching Protocols\r\n\r\n"],
  ])("refuses %s", (_name, text) => {
    const { p } = parser();
    expect(() => p.push(Buffer.from(text))).toThrow(ResponseParseError);
  });

  it("refuses a head past its size limit, even when it never ends", () => {
    const { p } = parser();
    p.push(Buffer.from("HTTP/1.1 200 OK\r\n"));
    expect(() => {
      for (let i = 0; i < 100; i++) p.push(Buffer.from(`x-pad-${i}: ${"a".repeat(1024)}\r\n`));
    }).toThrow(/over 65536 bytes/);
    expect(MAX_HEAD_BYTES).toBe(65536);
  });

  it("says a response was cut short when the connection closes mid-body", () => {
    const { p } = parser();
    p.push(Buffer.from("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"));
    expect(() => p.end()).toThrow(/before the response was complete/);
    const idle = parser();
    expect(() => idle.p.end()).not.toThrow();
  });

  it("reads a chunked body whose chunks span many reads without copying its data", () => {
    const payload = "x".repeat(100_000);
    const text = `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${payload.length.toString(16)}\r\n${payload}\r\n0\r\n\r\n`;
    const { p, seen } = parser();
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length; at += 1460) p.push(bytes.subarray(at, at + 1460));
    expect(seen.body.length).toBe(100_000);
    expect(seen.ends).toEqual([true]);
  });
});
