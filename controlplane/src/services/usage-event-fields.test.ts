import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { pb, type UsageEvent } from "../../../proto/messages.ts";
import { INT4_MAX, UsageEventFields, readUsageEvent } from "./usage-event-fields.ts";

const FIELDS = Object.keys(UsageEventFields.shape) as (keyof UsageEventFields)[];

// values around every bound the schema draws: lengths 0/1/200/201, NUL, negatives, fractions, unsafe integers,
// int4's and the year 9999's ends, wrong types
const text = fc.oneof(fc.string({ maxLength: 3 }), fc.constantFrom("", "a", "a".repeat(200), "a".repeat(201), "a\0b", "\0"));
const number = fc.oneof(
  fc.integer({ min: -2, max: 3 }),
  fc.constantFrom(-0, 0.5, -1.5, NaN, Infinity, -Infinity, INT4_MAX, INT4_MAX + 1, Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 2),
  fc.constantFrom(Date.UTC(10_000, 0, 1) - 1, Date.UTC(10_000, 0, 1), Date.now()),
);
const value = fc.oneof(text, number, fc.boolean(), fc.constant(null), fc.constant(undefined), fc.constant({}), fc.constant([1]));

const good: UsageEvent = {
  id: "r_1",
  keyId: "key_1",
  orgId: "org_1",
  replicaId: "dp-1",
  requestId: "r_1",
  provider: "openai",
  model: "openai/gpt-4o",
  endpoint: "/v1/chat/completions",
  status: 200,
  streamed: false,
  inputTokens: 12,
  outputTokens: 34,
  costMicros: 1234,
  latencyMs: 3,
  upstreamLatencyMs: 1,
  createdAtMs: Date.UTC(2026, 10, 24),
  errorCode: "",
};

// a valid event with up to three fields set to anything (an event wrong everywhere would only test the first check)
const event = fc
  .tuple(fc.subarray(FIELDS, { maxLength: 3 }), fc.array(value, { minLength: 3, maxLength: 3 }), fc.subarray(FIELDS, { maxLength: 3 }))
  .map(([changed, values, dropped]) => {
    const e: Record<string, unknown> = { ...good };
    for (const k of dropped) delete e[k];
    changed.forEach((k, i) => (e[k] = values[i]));
    return e;
  });

describe("readUsageEvent", () => {
  it("agrees with UsageEventFields on every event: the same verdict, the same fields, the same field refused", () => {
    fc.assert(
      fc.property(event, (e) => {
        const zod = UsageEventFields.safeParse(e);
        const read = readUsageEvent(e as UsageEvent);
        expect("fields" in read).toBe(zod.success);
        if (zod.success && "fields" in read) {
          for (const k of FIELDS) expect(read.fields[k] ?? null).toEqual(zod.data[k] ?? null);
        } else if (!zod.success && "refused" in read) {
          expect(read.refused).toBe(zod.error.issues[0]!.path.join("."));
        }
      }),
      { numRuns: 5_000 },
    );
  });

  it("reads a decoded event, its unset fields included, as the schema does", () => {
    for (const e of [good, { id: "r_2", keyId: "key_2" }]) {
      const decoded = pb.UsageEvent.decode(pb.UsageEvent.encode(e).finish());
      const read = readUsageEvent(decoded);
      const zod = UsageEventFields.parse(decoded);
      expect("fields" in read).toBe(true);
      if ("fields" in read) for (const k of FIELDS) expect(read.fields[k] ?? null).toEqual(zod[k] ?? null);
    }
  });

  it("names the field that cannot be stored", () => {
    expect(readUsageEvent({ ...good, keyId: "" })).toEqual({ refused: "keyId" });
    expect(readUsageEvent({ ...good, model: "gpt\0" })).toEqual({ refused: "model" });
    expect(readUsageEvent({ ...good, status: INT4_MAX + 1 })).toEqual({ refused: "status" });
    expect(readUsageEvent({ ...good, costMicros: -1 })).toEqual({ refused: "costMicros" });
    expect(readUsageEvent({ ...good, createdAtMs: Date.UTC(10_000, 0, 1) })).toEqual({ refused: "createdAtMs" });
    expect(readUsageEvent(good)).toEqual({ fields: good });
  });
});
