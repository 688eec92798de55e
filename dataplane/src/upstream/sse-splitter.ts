/**
 * Cuts a byte stream into whole SSE events (the text between blank lines), as they complete. A partial event
 * stays inside until its end arrives; nothing complete is ever held back.
 */
export class SseSplitter {
  readonly #decoder = new TextDecoder();
  #buffer = "";

  push(chunk: Uint8Array): string[] {
    this.#buffer += this.#decoder.decode(chunk, { stream: true });
    const events: string[] = [];
    for (;;) {
      const m = /\r?\n\r?\n/.exec(this.#buffer);
      if (!m) break;
      const block = this.#buffer.slice(0, m.index);
      this.#buffer = this.#buffer.slice(m.index + m[0].length);
      if (block.length > 0) events.push(block);
    }
    return events;
  }

  /** Whatever is left when the stream ends (a last event without its blank line). */
  flush(): string[] {
    const rest = (this.#buffer + this.#decoder.decode()).trim();
    this.#buffer = "";
    return rest.length > 0 ? [rest] : [];
  }
}

/** The payload of an event's `data:` lines, joined as the SSE spec says; undefined when it has none. */
export function sseData(block: string): string | undefined {
  let data: string | undefined;
  for (const line of block.split(/\r?\n/)) {
    if (!line.startsWith("data:")) continue;
    const v = line.charCodeAt(5) === 32 ? line.slice(6) : line.slice(5);
    data = data === undefined ? v : `${data}\n${v}`;
  }
  return data;
}
