import { describe, expect, it } from "vitest";
import { formatMicrosAsUsd, parseUsdToMicros } from "./money.ts";

describe("parseUsdToMicros", () => {
  it.each([
    ["25", 25_000_000],
    ["12.50", 12_500_000],
    ["0.1", 100_000],
    ["0.000001", 1],
    [".5", 500_000],
    ["5.", 5_000_000],
    ["$7.25", 7_250_000],
    ["  3  ", 3_000_000],
    ["-2.5", -2_500_000],
    ["1.2345670", 1_234_567],
    ["0.29", 290_000], // 0.29 * 1e6 in floating point is 289999.99999999994
    ["1.005", 1_005_000],
    ["9007199254.740991", Number.MAX_SAFE_INTEGER],
    ["-0", 0],
  ])("%s → %i micro-USD", (text, micros) => {
    expect(parseUsdToMicros(text)).toBe(micros);
  });

  it.each([["", "not an amount"], [".", "not an amount"], ["abc", "not an amount"], ["1e3", "not an amount"], ["1,000", "not an amount"], ["1.0000001", "more than 6 decimals"], ["9007199254.740992", "too large"], ["--1", "not an amount"]])(
    "refuses %j",
    (text, message) => {
      expect(() => parseUsdToMicros(text)).toThrow(message);
    },
  );
});

describe("formatMicrosAsUsd", () => {
  it.each([
    [0, "$0.00"],
    [12_500_000, "$12.50"],
    [1, "$0.000001"],
    [1_234_567, "$1.234567"],
    [1_230_000, "$1.23"],
    [-500_000, "-$0.50"],
  ])("%i → %s", (micros, text) => {
    expect(formatMicrosAsUsd(micros)).toBe(text);
  });
});
