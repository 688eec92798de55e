import { describe, expect, it } from "vitest";
import { SweepList } from "./sweep-list.ts";

const member = (name: string) => ({ name, sweepSlot: -1 });
const names = (l: SweepList<ReturnType<typeof member>>): string[] => {
  const out: string[] = [];
  l.forEach((m) => out.push(m.name));
  return out.sort();
};

describe("SweepList", () => {
  it("adds once, removes from any position and walks what is left", () => {
    const l = new SweepList<ReturnType<typeof member>>();
    const [a, b, c, d] = ["a", "b", "c", "d"].map(member) as [ReturnType<typeof member>, ReturnType<typeof member>, ReturnType<typeof member>, ReturnType<typeof member>];
    for (const m of [a, b, c, d, b]) l.add(m);
    expect(l.size).toBe(4);
    l.delete(b); // the middle: the last member takes its slot
    l.delete(b); // twice is harmless
    expect(names(l)).toEqual(["a", "c", "d"]);
    expect([l.has(a), l.has(b), l.has(d)]).toEqual([true, false, true]);
    l.delete(d);
    l.delete(a);
    expect(names(l)).toEqual(["c"]);
    l.add(b);
    expect(names(l)).toEqual(["b", "c"]);
  });

  it("does not mistake a member of another list for its own", () => {
    const one = new SweepList<ReturnType<typeof member>>();
    const two = new SweepList<ReturnType<typeof member>>();
    const a = member("a");
    const b = member("b");
    one.add(a);
    two.add(b); // both at slot 0
    expect(two.has(a)).toBe(false);
    two.delete(a);
    expect(names(two)).toEqual(["b"]);
    expect(names(one)).toEqual(["a"]);
  });

  it("walks members that leave or join during the walk as a sweep needs", () => {
    const l = new SweepList<ReturnType<typeof member>>();
    const ms = ["a", "b", "c", "d", "e"].map(member);
    for (const m of ms) l.add(m);
    const seen: string[] = [];
    const late = member("late");
    l.forEach((m) => {
      seen.push(m.name);
      // each visit removes itself and the next one (a timeout that fails two exchanges) and adds a newcomer
      l.delete(m);
      const next = ms[ms.indexOf(m) + 1];
      if (next) l.delete(next);
      l.add(late);
    });
    // a member removed before its turn is not visited; one added during the walk waits for the next walk
    expect(seen).toEqual(["a", "c", "e"]);
    expect(names(l)).toEqual(["late"]);
  });
});
