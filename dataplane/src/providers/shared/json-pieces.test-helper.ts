import type { JsonPieces } from "./json-top-level.ts";

/** A pass-through body as the text the provider receives. */
export function bodyText(body: string | JsonPieces): string {
  return typeof body === "string" ? body : Buffer.concat(body).toString("utf8");
}
