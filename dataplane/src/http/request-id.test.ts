import { describe, expect, it } from "vitest";
import { isOwnRequestId, newRequestId } from "./request-id.ts";

const bytesOf = (s: string) => Buffer.from(`xx${s}yy`, "latin1");
const own = (s: string) => isOwnRequestId(bytesOf(s), 2, 2 + s.length);

describe("request ids", () => {
  it("are req_ and 32 hex digits, distinct, counting up in one process", () => {
    const a = newRequestId();
    const b = newRequestId();
    expect(a).toMatch(/^req_[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
    expect(b.slice(0, 20)).toBe(a.slice(0, 20));
    expect(BigInt(`0x${b.slice(20)}`) - BigInt(`0x${a.slice(20)}`)).toBe(1n);
  });

  it("are told apart from another process's by their bytes, wherever they sit in a buffer", () => {
    const mine = newRequestId();
    expect(own(mine)).toBe(true);
    // another process: another random prefix, the same shape
    const other = `req_${mine[4] === "0" ? "1" : "0"}${mine.slice(5)}`;
    expect(own(other)).toBe(false);
    expect(own(mine.slice(0, -1))).toBe(false);
    expect(own(`${mine}0`)).toBe(false);
    expect(own("")).toBe(false);
  });
});
