import { describe, expect, it } from "vitest";
import type { StreamRow } from "./report.ts";
import { summarise } from "./stats.ts";
import type { StreamProbeOutput } from "./stream-probe.ts";
import { checkTargets } from "./targets.ts";
import type { WireTiming } from "./wire-capture.ts";

/** A timed-stream row: its first chunk over direct (ms) and, when captured, its request legs on the wire (ms). */
function row(target: StreamRow["target"], addedTtfbP50Ms: number | undefined, requestMs?: number[]): StreamRow {
  const probe = { trials: 50, ttfbMs: summarise([0.5]), relayMs: summarise([0.1]), gapMs: summarise([2]), heldBack: 0, chunksChecked: 950 } as StreamProbeOutput;
  const wire =
    requestMs === undefined
      ? undefined
      : ({ heldBack: 0, chunksChecked: 950, missing: 0, heldAt: [], relayMs: summarise([0.04]), requestMs: summarise(requestMs), upstreamMs: summarise([0.15]) } as unknown as WireTiming);
  return { scenario: "chat-stream", target, probe, ...(wire ? { wire } : {}), ...(addedTtfbP50Ms === undefined ? {} : { addedTtfbP50Ms }) };
}

const firstChunk = (streams: StreamRow[]) => checkTargets([], streams, undefined, ["split"]).find((c) => c.target === "split: chat-stream time to first chunk ≤ 0.2 ms over direct")!;

describe("the first-chunk target", () => {
  it("is judged on the gateway's own figure, with the bare relay's and both request legs on the wire beside it", () => {
    const c = firstChunk([row("direct", undefined), row("relay", 0.242, [0.122, 0.121, 0.123]), row("split", 0.29, [0.175, 0.17, 0.18])]);
    expect(c.met).toBe(false);
    expect(c.measured).toBe("+0.290 ms (p50); the bare relay: +0.242 ms; request leg on the wire 175 µs (the relay 122 µs)");
  });

  it("says only what was measured: no relay in the run, no capture", () => {
    expect(firstChunk([row("direct", undefined), row("split", 0.19)]).measured).toBe("+0.190 ms (p50)");
    expect(firstChunk([row("direct", undefined), row("split", 0.19)]).met).toBe(true);
    expect(firstChunk([row("direct", undefined), row("relay", 0.15), row("split", 0.19, [0.1])]).measured).toBe("+0.190 ms (p50); the bare relay: +0.150 ms; request leg on the wire 100 µs");
  });
});
