import { describe, expect, it } from "vitest";
import { GatewayError } from "../errors.ts";
import { MAX_JSON_DEPTH, SCANNED_BODY_MIN, scannedMembers, parseJsonObject, parseScannedBody, readForwardedBody } from "./json-body.ts";

function outcome(text: string): string {
  try {
    parseJsonObject(Buffer.from(text));
    return "ok";
  } catch (e) {
    if (e instanceof GatewayError) return `${e.status} ${e.message}`;
    throw e;
  }
}

/** `levels` containers in all: the object and levels − 1 arrays inside it. */
const nested = (levels: number) => `{"a":${"[".repeat(levels - 1)}${"]".repeat(levels - 1)}}`;

describe("request bodies nested past any client's need", () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and refuses one more, before parsing`, () => {
    expect(outcome(nested(MAX_JSON_DEPTH))).toBe("ok");
    expect(outcome(nested(MAX_JSON_DEPTH + 1))).toBe(`400 The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    expect(outcome(`{"a":${"[".repeat(100_000)}`)).toBe(`400 The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  });

  it("refuses a body too short to nest past the limit as JSON.parse does, with or without the scan", () => {
    // shorter than two brackets a level: valid JSON this short cannot nest deeper than the limit
    const open = `{"a":${"[".repeat(MAX_JSON_DEPTH + 1)}}`;
    expect(open.length).toBeLessThan(2 * (MAX_JSON_DEPTH + 1));
    expect(outcome(open)).toBe("400 The request body is not valid JSON.");
    expect(outcome(nested(MAX_JSON_DEPTH))).toBe("ok");
  });

  it("counts only brackets outside strings, escaped quotes included", () => {
    expect(outcome(`{"a":"${"[{".repeat(1_000)}"}`)).toBe("ok");
    // \\" closes the string (the backslash is escaped); \" does not
    expect(outcome(`{"a":"\\\\","b":${"[".repeat(200)}${"]".repeat(200)}}`)).toMatch(/^400 .*nests deeper/);
    expect(outcome(`{"a":"\\"${"[".repeat(200)}"}`)).toBe("ok");
    expect(outcome(`{"a":"\\\\\\"${"[".repeat(200)}"}`)).toBe("ok");
  });

  it("leaves other faults to the parser's own message", () => {
    expect(outcome(`{"a":"${"[".repeat(200)}`)).toBe("400 The request body is not valid JSON.");
    expect(outcome("[]")).toBe("400 The request body must be a JSON object.");
    expect(outcome("")).toBe("400 The request body is empty; send a JSON object.");
  });
});

describe("a body forwarded as sent (readForwardedBody)", () => {
  /** The text with a member in front that makes it long enough to be scanned rather than parsed. */
  const long = (text: string) => `{"pad":"${"p".repeat(SCANNED_BODY_MIN)}",${text.slice(1)}`;
  const read = (text: string | Buffer, keys: readonly string[] = ["model", "max_tokens", "stream"]) =>
    readForwardedBody(typeof text === "string" ? Buffer.from(long(text)) : text, keys);
  const refusal = (text: string): string => {
    try {
      read(text);
      return "ok";
    } catch (e) {
      if (e instanceof GatewayError) return `${e.status} ${e.message}`;
      throw e;
    }
  };

  it("parses only the members it is asked for, and keeps the client's bytes and the members' spans", () => {
    const raw = Buffer.from(long('{"system":"Vous êtes ✓ 😀","model" : "claude-é", "max_tokens":64,"messages":[{"role":"user","content":"hi"}]}'));
    const { object, source } = readForwardedBody(raw, ["model", "max_tokens", "stream"]);
    expect(object).toEqual({ model: "claude-é", max_tokens: 64 });
    expect(source.bytes).toBe(raw);
    // never decoded whole: the spans are offsets into the bytes
    expect(source.text).toBeUndefined();
    const span = source.byteMembers!.get("messages")!;
    expect(raw.toString("utf8", span.valueStart, span.valueEnd)).toBe('[{"role":"user","content":"hi"}]');
  });

  it("leaves what lies inside the members it does not read to the provider", () => {
    // a trailing comma and a bare word inside the conversation: JSON.parse would refuse the whole body
    const { object, source } = read('{"model":"m","max_tokens":1,"messages":[{"content":"hi",}, nope]}');
    expect(object).toEqual({ model: "m", max_tokens: 1 });
    expect(source.byteMembers!.has("messages")).toBe(true);
  });

  it(`parses whole a body under ${SCANNED_BODY_MIN} bytes, where that costs less: refused for any fault`, () => {
    const short = '{"model":"m","max_tokens":1,"messages":[{"content":"hi",}, nope]}';
    expect(() => readForwardedBody(Buffer.from(short), ["model"])).toThrow("The request body is not valid JSON.");
    const { object, source } = readForwardedBody(Buffer.from('{"model":"m","messages":[]}'), ["model"]);
    expect(object).toEqual({ model: "m", messages: [] });
    expect(source.text).toBe('{"model":"m","messages":[]}');
  });

  it("refuses a member it reads that is not JSON, a top level that is not one object, and deep nesting, as the whole parse does", () => {
    expect(refusal(`{"model":"ab","max_tokens":1}`)).toBe("400 The request body is not valid JSON.");
    // a control character written as an escape is JSON; one written raw is not
    expect(refusal(String.raw`{"model":"a\u0001b","max_tokens":1}`)).toBe("ok");
    expect(refusal(`{"model":"a${String.fromCharCode(1)}b","max_tokens":1}`)).toBe("400 The request body is not valid JSON.");
    expect(refusal('{"model":"m","max_tokens":1,"messages":[}')).toBe("400 The request body is not valid JSON.");
    expect(refusal('{"model":"m"} {"x":1}')).toBe("400 The request body is not valid JSON.");
    expect(refusal('{"model":"m",}')).toBe("400 The request body is not valid JSON.");
    expect(refusal(`{"model":"m","messages":${nested(MAX_JSON_DEPTH)}}`)).toBe(`400 The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    expect(refusal(`{"model":"m","messages":${nested(MAX_JSON_DEPTH - 1)}}`)).toBe("ok");
  });

  it("parses whole a body whose keys repeat (the route rebuilds it, so the provider reads the model billed)", () => {
    const { object, source } = read('{"model":"a","max_tokens":1,"messages":[],"model":"b"}');
    expect(object).toMatchObject({ model: "b", max_tokens: 1, messages: [] });
    expect(source.text).toBe(long('{"model":"a","max_tokens":1,"messages":[],"model":"b"}'));
    expect(source.byteMembers).toBeUndefined();
  });

  it("parses whole a body that is not UTF-8, as every other route reads it", () => {
    const raw = Buffer.concat([Buffer.from(long('{"model":"m","max_tokens":1,"messages":[{"content":"a')), Buffer.from([0xff]), Buffer.from('"}]}')]);
    const { object, source } = read(raw);
    expect(object).toMatchObject({ model: "m", max_tokens: 1, messages: [{ content: "a\ufffd" }] });
    expect(source.byteMembers).toBeUndefined();
  });
});

describe("a body parsed whole and forwarded (parseScannedBody, the chat route to an adapter that reads the conversation)", () => {
  const parseJsonBody = (raw: Buffer) => parseScannedBody(raw, scannedMembers(raw));
  const long = (text: string) => `{"pad":"${"p".repeat(SCANNED_BODY_MIN)}",${text.slice(1)}`;

  it("keeps the bytes of a long body with their members, for a splice into them", () => {
    const raw = Buffer.from(long('{"model":"gpt-4o","messages":[{"role":"user","content":"héllo ✓"}]}'));
    const { object, source } = parseJsonBody(raw);
    expect(object).toMatchObject({ model: "gpt-4o", messages: [{ role: "user", content: "héllo ✓" }] });
    expect(source.bytes).toBe(raw);
    const span = source.byteMembers!.get("model")!;
    expect(raw.toString("utf8", span.valueStart, span.valueEnd)).toBe('"gpt-4o"');
  });

  it("still refuses any fault anywhere in the body, and deep nesting with its reason", () => {
    const fault = (text: string) => {
      try {
        parseJsonBody(Buffer.from(long(text)));
        return "ok";
      } catch (e) {
        return e instanceof GatewayError ? `${e.status} ${e.message}` : String(e);
      }
    };
    expect(fault('{"model":"m","messages":[{"content":"hi",}]}')).toBe("400 The request body is not valid JSON.");
    expect(fault(`{"model":"m","messages":${nested(MAX_JSON_DEPTH)}}`)).toBe(`400 The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
    expect(fault(`{"model":"m","messages":${nested(MAX_JSON_DEPTH - 1)}}`)).toBe("ok");
  });

  it("keeps no members of bytes that are not UTF-8, or whose keys repeat, or that are short: those are spliced as text or rebuilt", () => {
    const bad = Buffer.concat([Buffer.from(long('{"model":"m","messages":[{"content":"a')), Buffer.from([0xff]), Buffer.from('"}]}')]);
    expect(parseJsonBody(bad).source.byteMembers).toBeUndefined();
    expect(parseJsonBody(Buffer.from(long('{"model":"a","messages":[],"model":"b"}'))).source.byteMembers).toBeUndefined();
    expect(parseJsonBody(Buffer.from('{"model":"a","messages":[]}')).source).toEqual({ text: '{"model":"a","messages":[]}', bytes: Buffer.from('{"model":"a","messages":[]}'), byteMembers: undefined });
  });
});
