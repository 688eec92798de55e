import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "heap-tuning-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// A process of its own per setting (V8's flags are per process): objects that live long enough to reach the old
// generation and then die, at a steady rate, as a data plane's in-flight requests and unconfirmed usage do.
const script = path.join(dir, "churn.mjs");
writeFileSync(
  script,
  `import { getHeapSpaceStatistics } from "node:v8";
import { tuneHeap } from ${JSON.stringify(path.resolve(import.meta.dirname, "heap-tuning.ts"))};
tuneHeap(Number(process.argv[2]));
const ring = new Array(100000);
let peak = 0;
for (let i = 0; i < 1500000; i++) {
  ring[i % ring.length] = { i, pad: new Array(16).fill(i) };
  if (i % 2000 === 0) peak = Math.max(peak, getHeapSpaceStatistics().find((s) => s.space_name === "old_space").space_size);
}
process.stdout.write(String(peak));
`,
);
const peakOldSpace = (percent: number): number =>
  Number(execFileSync(process.execPath, ["--import", "tsx", script, String(percent)], { encoding: "utf8", timeout: 60_000 }));

describe("tuneHeap", () => {
  it("keeps the old generation's dead objects to a fraction of what V8 lets pile up on its own", () => {
    const own = peakOldSpace(0);
    const limited = peakOldSpace(30);
    // ~35 MB live: V8 on its own let the old space reach ~120 MB, 30 % held it near 60
    expect(limited).toBeLessThan(own * 0.7);
  });
});
