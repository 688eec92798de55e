import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GatewayError } from "../errors.ts";
import { ChatBody, readChatBody } from "./chat-body.ts";

const maybe = <T>(a: fc.Arbitrary<T>) => fc.oneof(a, fc.constant(undefined), fc.constant(null), fc.anything());
const count = fc.oneof(fc.integer({ min: -3, max: 10 }), fc.double(), fc.constant(2 ** 53), fc.constant(Infinity), fc.string());
const chatLike = fc.record(
  {
    model: fc.string(),
    stream: maybe(fc.boolean()),
    stream_options: maybe(fc.record({ include_usage: maybe(fc.boolean()), other: fc.anything() }, { requiredKeys: [] })),
    max_tokens: maybe(count),
    max_completion_tokens: maybe(count),
    messages: fc.oneof(fc.array(fc.anything(), { maxLength: 3 }), fc.anything()),
  },
  { requiredKeys: [] },
);

describe("readChatBody", () => {
  it("agrees with ChatBody on every body: the same verdict, the same fields, the same refusal", () => {
    fc.assert(
      fc.property(chatLike, (body) => {
        const zod = ChatBody.safeParse(body);
        let fields: ReturnType<typeof readChatBody> | undefined;
        let refused: GatewayError | undefined;
        try {
          fields = readChatBody(body);
        } catch (err) {
          refused = err as GatewayError;
        }
        expect(refused === undefined).toBe(zod.success);
        if (zod.success) {
          for (const k of ["stream", "max_tokens", "max_completion_tokens", "messages"] as const) expect(fields![k]).toEqual(zod.data[k]);
          expect(fields!.stream_options?.include_usage).toEqual(zod.data.stream_options?.include_usage);
        } else {
          const issue = zod.error.issues[0]!;
          expect(refused).toBeInstanceOf(GatewayError);
          expect(refused!.param).toBe(issue.path.join(".") || null);
        }
      }),
      { numRuns: 3_000 },
    );
  });

  it("names the field it refuses", () => {
    expect(() => readChatBody({ messages: [] })).toThrow(/`messages` must contain at least one message/);
    expect(() => readChatBody({ messages: [{}], max_tokens: 0 })).toThrow(/Invalid `max_tokens`/);
    expect(() => readChatBody({ messages: [{}], stream_options: { include_usage: "yes" } })).toThrow(/Invalid `stream_options.include_usage`/);
  });
});
