import type { FormPart } from "../image-types.ts";

/** Quotes a name or filename the way browsers do (WHATWG "multipart/form-data encoding algorithm"). */
function quoted(s: string): string {
  return `"${s.replaceAll('"', "%22").replaceAll("\r", "%0D").replaceAll("\n", "%0A")}"`;
}

/**
 * Serialises form parts as multipart/form-data (RFC 7578) with the given boundary; synchronous and pure, so an
 * upstream call can be rebuilt for a retry. The caller picks a boundary that cannot occur in the parts (a random
 * id of 128 bits).
 */
export function encodeMultipart(parts: readonly FormPart[], boundary: string): { body: Uint8Array; contentType: string } {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(part.name)}`;
    if ("data" in part) {
      head += `; filename=${quoted(part.filename)}\r\nContent-Type: ${(part.contentType ?? "application/octet-stream").replace(/[\r\n]/g, "")}\r\n\r\n`;
      chunks.push(Buffer.from(head, "utf8"), part.data, Buffer.from("\r\n"));
    } else {
      chunks.push(Buffer.from(`${head}\r\n\r\n${part.value}\r\n`, "utf8"));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
