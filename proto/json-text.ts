// JSON text of single values written without JSON.stringify's walk: for text built field by field on a hot path
// (the access line, a translated stream's usage chunk), byte for byte what JSON.stringify writes.

/** Printable ASCII but `"` and `\`: such a string is its own JSON text between quotes. */
const JSON_PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/** A string as JSON text; JSON.stringify only for one that needs escaping (one regex test is cheaper). */
export function jsonString(s: string): string {
  return JSON_PLAIN.test(s) ? `"${s}"` : JSON.stringify(s);
}

/** A number as JSON.stringify (and pino) writes it: null when not finite. */
export function jsonNumber(n: number): string {
  return Number.isFinite(n) ? `${n}` : "null";
}
