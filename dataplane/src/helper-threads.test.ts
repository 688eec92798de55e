import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const dir = mkdtempSync(path.join(os.tmpdir(), "helper-threads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// In a process of its own: the nice values are the process's, and a test runner's threads are not what is tested.
const script = path.join(dir, "threads.mjs");
writeFileSync(
  script,
  `import { readdirSync, readFileSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { lowerHelperThreads } from ${JSON.stringify(path.resolve(import.meta.dirname, "helper-threads.ts"))};
// a thread's nice value is the 19th field of its stat line, the 17th after the command's closing parenthesis
const nice = (tid) => Number(readFileSync(\`/proc/self/task/\${tid}/stat\`, "utf8").split(") ")[1].split(" ")[16]);
const tids = () => readdirSync("/proc/self/task").map(Number);
const base = nice(process.pid);
const before = tids();
const lowered = lowerHelperThreads(Number(process.argv[2]));
const worker = new Worker("setTimeout(() => {}, 60000)", { eval: true });
await new Promise((resolve) => worker.once("online", resolve));
const later = tids().filter((t) => !before.includes(t));
const again = lowerHelperThreads(Number(process.argv[2]));
process.stdout.write(JSON.stringify({
  base,
  main: nice(process.pid),
  helpers: before.filter((t) => t !== process.pid).map(nice),
  later: later.map(nice),
  lowered,
  again,
}));
process.exit(0);
`,
);

const run = (nice: number): { base: number; main: number; helpers: number[]; later: number[]; lowered: number; again: number } =>
  JSON.parse(execFileSync(process.execPath, ["--import", "tsx", script, String(nice)], { encoding: "utf8", timeout: 30_000 }));

describe.runIf(process.platform === "linux")("helper threads' priority", () => {
  it("lowers every thread but the main one, once, and leaves threads made later at the main thread's", () => {
    const r = run(10);
    // a test process started at a nice value above 10 could not go back to 10
    expect(r.base).toBeLessThanOrEqual(10);
    expect(r.main).toBe(r.base);
    // V8's platform workers at least
    expect(r.helpers.length).toBeGreaterThanOrEqual(4);
    expect(r.lowered).toBe(r.helpers.length);
    expect(r.helpers.every((n) => n === 10)).toBe(true);
    // the embedded control plane's thread comes later: its ledger keeps the main thread's priority
    expect(r.later.length).toBeGreaterThanOrEqual(1);
    expect(r.later.every((n) => n === r.base)).toBe(true);
    expect(r.again).toBe(0);
  });

  it("changes nothing at 0", () => {
    const r = run(0);
    expect(r.lowered).toBe(0);
    expect([r.main, ...r.helpers].every((n) => n === r.base)).toBe(true);
  });
});
