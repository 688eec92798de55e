import { GatewayError } from "../errors.ts";

/**
 * Deeper than any request needs (a JSON schema in `tools` nests a few dozen levels at most), and shallow enough
 * for every recursive walk a body meets afterwards: JSON.stringify of the upstream body throws past ~10k levels.
 */
export const MAX_JSON_DEPTH = 128;

/**
 * Whether brackets nest deeper than `max` outside strings: a scan, so no parse tree is built for a hostile body.
 * Strings (most of a prompt) are skipped with a native search for their closing quote.
 */
function nestsDeeperThan(raw: Buffer, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === 0x22) {
      for (;;) {
        const quote = raw.indexOf(0x22, i + 1);
        // unterminated: JSON.parse refuses it
        if (quote < 0) return false;
        let backslashes = 0;
        while (raw[quote - 1 - backslashes] === 0x5c) backslashes++;
        i = quote;
        if (backslashes % 2 === 0) break;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** The body as a JSON object, or a 400 that says what is wrong with it. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  return parseJsonBody(raw).object;
}

/** `parseJsonObject`, with the body's text too (for an adapter that forwards the text with a member changed). */
export function parseJsonBody(raw: Buffer): { object: Record<string, unknown>; text: string } {
  if (raw.length === 0) throw new GatewayError("invalid_json", "The request body is empty; send a JSON object.");
  if (raw.length > MAX_JSON_DEPTH && nestsDeeperThan(raw, MAX_JSON_DEPTH)) {
    throw new GatewayError("invalid_json", `The request body nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  const text = raw.toString("utf8");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new GatewayError("invalid_json", "The request body is not valid JSON.");
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    throw new GatewayError("invalid_json", "The request body must be a JSON object.");
  }
  return { object: value as Record<string, unknown>, text };
}
