import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The recordings are shared read-only data living next to the project checkout, not inside it.
const fixturesRoot = path.resolve(projectRoot, "../shared/fixtures");

export interface SseEvent {
  event?: string;
  data: string;
}

/** Absolute path of a fixture, e.g. fixturePath("openai/chat-nonstream.json"). */
export function fixturePath(rel: string): string {
  return path.resolve(fixturesRoot, rel);
}

export function readFixture(rel: string): string {
  return readFileSync(fixturePath(rel), "utf8");
}

export function readJsonFixture<T>(rel: string): T {
  return JSON.parse(readFixture(rel)) as T;
}

/**
 * Parses an SSE body per the WHATWG rules that matter here: events end at a blank line,
 * multiple data lines join with "\n", one space after the colon is dropped, comments and
 * events without data are skipped. Trailing spaces inside data are kept (Anthropic pads them).
 */
export function parseSse(text: string): SseEvent[] {
  const events: SseEvent[] = [];
  let name: string | undefined;
  let data: string[] = [];
  const flush = (): void => {
    if (data.length > 0) events.push(name === undefined ? { data: data.join("\n") } : { event: name, data: data.join("\n") });
    name = undefined;
    data = [];
  };
  for (const line of text.split(/\r\n|\r|\n/)) {
    if (line === "") {
      flush();
      continue;
    }
    if (line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  flush();
  return events;
}
