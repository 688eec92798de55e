import fc from "fast-check";

/**
 * What follows a conversation from one request to the next: turns added, the last ones changed (a coding agent moves
 * its cache marker), one in the middle changed, the conversation cut, or bytes inserted that may break it.
 */
export const sessionChange = fc.oneof(
  fc.record({ kind: fc.constant("append" as const), n: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant("edit-last" as const), n: fc.integer({ min: 1, max: 2 }) }),
  fc.record({ kind: fc.constant("edit-middle" as const), n: fc.nat() }),
  fc.record({ kind: fc.constant("truncate" as const), n: fc.nat() }),
  fc.record({ kind: fc.constant("break" as const), n: fc.nat(), text: fc.constantFrom('"', "]", "}", "{", ",", ",,", "[[[[[[", '\\"', " ", " 1") }),
);

/**
 * The turns of a session's requests, one list a change (a break leaves the turns as they are: the caller inserts its
 * text into the request's bytes). `turn(i, tag)` writes turn i, a new tag making it differ from before.
 */
export function sessionTurns<T>(first: number, changes: ReadonlyArray<typeof sessionChange extends fc.Arbitrary<infer C> ? C : never>, turn: (i: number, tag: string) => T): T[][] {
  let turns = Array.from({ length: first }, (_, i) => turn(i, "a"));
  let edits = 0;
  return changes.map((c) => {
    if (c.kind === "append") turns = [...turns, ...Array.from({ length: c.n }, (_, i) => turn(turns.length + i, "a"))];
    else if (c.kind === "edit-last") turns = turns.map((t, i) => (i >= turns.length - c.n ? turn(i, `e${++edits}`) : t));
    else if (c.kind === "edit-middle") turns = turns.map((t, i) => (i === c.n % turns.length ? turn(i, `m${++edits}`) : t));
    else if (c.kind === "truncate") turns = turns.slice(0, 1 + (c.n % turns.length));
    return turns;
  });
}
