// Generated JSON object texts for the property tests of the top-level scans (json-top-level.ts, json-bytes.ts).
import fc from "fast-check";

export const whitespace = fc.stringMatching(/^[ \t\n\r]{0,3}$/);
// keys with quotes, backslashes, control characters and lone surrogates, which JSON.stringify escapes
export const key = fc.oneof(fc.string({ unit: "binary", maxLength: 8 }), fc.constantFrom("model", "usage", "__proto__", ""));
export const indent = fc.constantFrom<number | string | undefined>(undefined, 0, 2, 4, "\t", " \r\n");

/** A key as a JSON string, sometimes with every character as a \u escape, which JSON.stringify never writes. */
function keyText(k: string, escapeAll: boolean): string {
  if (!escapeAll) return JSON.stringify(k);
  return `"${[...Array(k.length).keys()].map((i) => `\\u${k.charCodeAt(i).toString(16).padStart(4, "0")}`).join("")}"`;
}

export interface Member {
  key: string;
  escapeKey: boolean;
  value: unknown;
  ws: [string, string, string, string];
}

const member: fc.Arbitrary<Member> = fc.record({
  key,
  escapeKey: fc.boolean(),
  value: fc.jsonValue({ maxDepth: 3 }),
  ws: fc.tuple(whitespace, whitespace, whitespace, whitespace),
});

/** An object text with members in the given order (keys may repeat), whitespace anywhere JSON allows. */
export function objectText(members: readonly Member[], space: number | string | undefined, outer: [string, string]): string {
  const body = members.map((m) => `${m.ws[0]}${keyText(m.key, m.escapeKey)}${m.ws[1]}:${m.ws[2]}${JSON.stringify(m.value, null, space)}${m.ws[3]}`);
  return `${outer[0]}{${body.length === 0 ? outer[1] : body.join(",")}}${outer[1]}`;
}

export const objectCase = fc.record({
  members: fc.array(member, { maxLength: 8 }),
  space: indent,
  outer: fc.tuple(whitespace, whitespace),
});

// texts near valid ones find more of the scan's branches than arbitrary strings do
export const mangled = fc.oneof(
  fc.string({ unit: "binary" }),
  fc.string({ unit: fc.constantFrom(..."{}[]\":,\\ tfn0-1eu.") }),
  fc.tuple(objectCase, fc.nat(), fc.nat(), fc.string({ unit: fc.constantFrom(..."{}[]\":,\\ xe"), maxLength: 3 })).map(
    ([c, at, cut, insert]) => {
      const text = objectText(c.members, c.space, c.outer);
      const i = at % (text.length + 1);
      return text.slice(0, i) + insert + text.slice(i + (cut % 3));
    },
  ),
);
