import { describe, expect, it } from "vitest";
import { GatewayError } from "../errors.ts";
import { MAX_JSON_DEPTH, parseJsonObject } from "./json-body.ts";

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
