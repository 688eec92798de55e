import { randomBytes } from "node:crypto";

/**
 * Request ids `req_` + 32 hex digits: 16 random per process, then a 16-digit counter. Unique across replicas
 * and restarts (a new process draws a new prefix) at a fraction of randomUUID's cost, and built in one buffer so
 * the id is one flat string; the spend tracker keys its pending events by the counter read back
 * (ownRequestCounter). Not secret: an id only names a request.
 */
const id = Buffer.from(`req_${randomBytes(8).toString("hex")}${"0".repeat(16)}`, "latin1");
const COUNTER_FROM = 20;
const HEX = Buffer.from("0123456789abcdef", "latin1");
const NEXT = new Uint8Array(128);
for (let i = 0; i < 15; i++) NEXT[HEX[i]!] = HEX[i + 1]!;

export function newRequestId(): string {
  // add one to the hex counter in place, carrying from the last digit
  for (let i = id.length - 1; i >= COUNTER_FROM; i--) {
    const d = id[i]!;
    if (d !== 0x66) {
      id[i] = NEXT[d]!;
      break;
    }
    id[i] = 0x30;
  }
  return id.toString("latin1");
}

/**
 * Whether the id whose UTF-8 bytes are `bytes[start, end)` was made by this process: only those can name usage
 * this process still counts as pending, so the others' ids in a snapshot delta are not worth decoding.
 */
export function isOwnRequestId(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start !== id.length) return false;
  for (let i = 0; i < COUNTER_FROM; i++) if (bytes[start + i] !== id[i]) return false;
  return true;
}

const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const LOWER_A = 0x61;
const LOWER_F = 0x66;
/** Above this a counter's next digit could take it past 2^53, where numbers stop being exact. */
const COUNTER_MAX_BEFORE_DIGIT = (Number.MAX_SAFE_INTEGER - 15) / 16;

/**
 * The counter of an id this process made (newRequestId), or -1 for any other string: lets the spend tracker key
 * its pending events by a number rather than by the id's text.
 */
export function ownRequestCounter(s: string): number {
  if (s.length !== id.length) return -1;
  for (let i = 0; i < COUNTER_FROM; i++) if (s.charCodeAt(i) !== id[i]) return -1;
  let n = 0;
  for (let i = COUNTER_FROM; i < id.length; i++) {
    const c = s.charCodeAt(i);
    const v = c >= DIGIT_0 && c <= DIGIT_9 ? c - DIGIT_0 : c >= LOWER_A && c <= LOWER_F ? c - LOWER_A + 10 : -1;
    if (v < 0 || n > COUNTER_MAX_BEFORE_DIGIT) return -1;
    n = n * 16 + v;
  }
  return n;
}
