import { randomBytes } from "node:crypto";

/**
 * Request ids `req_` + 32 hex digits: 16 random per process, then a 16-digit counter. Unique across replicas
 * and restarts (a new process draws a new prefix) at a fraction of randomUUID's cost, and built in one buffer so
 * the id is one flat string (the spend tracker keeps the ids of events not yet confirmed). Not secret: an id only
 * names a request.
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
