// How a measuring child (load, probes) gets its config: one JSON argument, or `@<file>` holding that JSON. A file
// when the config is large: one argument is capped at 128 KiB by Linux (MAX_ARG_STRLEN), and a scenario's request
// body can be larger (bench/agent-request.ts).
import { readFileSync } from "node:fs";

export function childConfig<T>(script: string, type: string): T {
  const arg = process.argv[2];
  if (arg === undefined) throw new Error(`usage: tsx bench/${script} '<${type} JSON>' | @<file of it>`);
  return JSON.parse(arg.startsWith("@") ? readFileSync(arg.slice(1), "utf8") : arg) as T;
}
