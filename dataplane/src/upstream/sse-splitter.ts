import { StringDecoder } from "node:string_decoder";

const BLANK_LINE = /\r?\n\r?\n/g;

/**
 * Cuts a byte stream into whole SSE events (the text between blank lines), as they complete. A partial event
 * stays inside until its end arrives; nothing complete is ever held back.
 *
 * Bytes become text through node's StringDecoder rather than TextDecoder: the same text for any bytes cut
 * anywhere (a multi-byte character split between reads, invalid sequences replaced alike; the tests hold the
 * two equal), at a fifth to an eighth of the cost (0.07 against 0.33 µs for a 330-byte read, 0.75 against
 * 6.1 for 7.8 KB).
 */
export class SseSplitter {
  readonly #decoder = new StringDecoder("utf8");
  #buffer = "";

  push(chunk: Uint8Array): string[] {
    const buffer = this.#buffer + this.#decoder.write(chunk);
    const events: string[] = [];
    let from = 0;
    // providers end events with "\n\n"; "\r\n" line ends take the general search
    const plain = buffer.indexOf("\r") < 0;
    for (;;) {
      let end: number;
      let next: number;
      if (plain) {
        end = buffer.indexOf("\n\n", from);
        next = end + 2;
      } else {
        BLANK_LINE.lastIndex = from;
        const m = BLANK_LINE.exec(buffer);
        end = m ? m.index : -1;
        next = m ? m.index + m[0].length : -1;
      }
      if (end < 0) break;
      if (end > from) events.push(buffer.slice(from, end));
      from = next;
    }
    this.#buffer = from === 0 ? buffer : buffer.slice(from);
    return events;
  }

  /** Whatever is left when the stream ends (a last event without its blank line). */
  flush(): string[] {
    const rest = (this.#buffer + this.#decoder.end()).trim();
    this.#buffer = "";
    return rest.length > 0 ? [rest] : [];
  }
}

/** The payload of an event's `data:` lines, joined as the SSE spec says; undefined when it has none. */
export function sseData(block: string): string | undefined {
  // the usual event: one `data: ` line
  if (block.startsWith("data: ") && block.indexOf("\n") < 0) return block.slice(6);
  let data: string | undefined;
  // line by line without splitting: an event's lines end in "\n" or "\r\n"
  for (let pos = 0; pos <= block.length; ) {
    let nl = block.indexOf("\n", pos);
    if (nl < 0) nl = block.length;
    const end = nl > pos && block.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
    if (block.startsWith("data:", pos)) {
      const v = block.slice(block.charCodeAt(pos + 5) === 32 ? pos + 6 : pos + 5, end);
      data = data === undefined ? v : `${data}\n${v}`;
    }
    pos = nl + 1;
  }
  return data;
}
