// Benchmark: what the gateway adds, as ratios against calling the same mock upstream directly
// in the same run. Servers share core 0, the load generator gets core 1 (when taskset exists).
// Usage: npm run bench [-- --direct-only]; env BENCH_DURATION (s, default 10), BENCH_CONNECTIONS ("1,32").
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { outputOf, pinning, spawnChild, stopAll, tsx, waitForLine } from "./children.ts";
import { mintInferenceKey, startGateway } from "./gateway.ts";
import type { LoadConfig, LoadOutput } from "./load.ts";
import { compare, formatTable, measure, type Comparison, type Measurement } from "./report.ts";
import { directTarget, gatewayTarget, preflight, scenarios, STREAM_CHUNKS, type Scenario, type Target } from "./scenarios.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const directOnly = process.argv.includes("--direct-only");
const durationSec = Number(process.env["BENCH_DURATION"] ?? 10);
const warmupSec = 2;
const connectionsList = (process.env["BENCH_CONNECTIONS"] ?? "1,32").split(",").map((s) => Number(s.trim()));
if (!(durationSec > 0) || connectionsList.some((c) => !Number.isInteger(c) || c < 1)) {
  throw new Error("BENCH_DURATION must be > 0 and BENCH_CONNECTIONS a comma list of positive integers");
}

// Gateway data dir and log; fresh per run so no state leaks between runs.
const workDir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-"));

async function load(target: Target, scenario: Scenario, connections: number): Promise<LoadOutput> {
  const config: LoadConfig = { url: target.url, headers: target.headers, body: scenario.body(target.model), connections, durationSec, warmupSec };
  const child = spawnChild(`load ${target.name}/${scenario.name}/c${connections}`, tsx("bench/load.ts", [JSON.stringify(config)]), { core: 1, cwd: root });
  return JSON.parse(await outputOf(child)) as LoadOutput;
}

async function startTargets(): Promise<Target[]> {
  const mock = spawnChild("mock", tsx("bench/mock-server.ts", ["--port", "0", "--chunks", String(STREAM_CHUNKS)]), { core: 0, cwd: root });
  const [, port] = await waitForLine(mock, /READY (\d+)/, 30_000);
  const openaiBaseUrl = `http://127.0.0.1:${port}/v1`;
  if (directOnly) return [directTarget(openaiBaseUrl)];
  const gateway = await startGateway({ root, workDir, openaiBaseUrl });
  return [directTarget(openaiBaseUrl), gatewayTarget(gateway.origin, await mintInferenceKey(gateway))];
}

async function cleanup(): Promise<void> {
  await stopAll();
  rmSync(workDir, { recursive: true, force: true });
}

async function main(): Promise<void> {
  try {
    const targets = await startTargets();
    console.error(`pinning: ${pinning ? "servers on core 0, load on core 1" : "off (no taskset or < 2 cores)"}; ${durationSec}s per run after ${warmupSec}s warm-up`);
    // Other work on the machine skews absolute figures; the ratios are what to compare across runs.
    const [load1 = 0] = os.loadavg();
    if (load1 > 1) console.error(`note: load average ${load1.toFixed(2)} before start; absolute figures will be noisy`);
    const comparisons: Comparison[] = [];
    const runs: { scenario: string; connections: number; target: string; output: LoadOutput }[] = [];
    for (const scenario of scenarios) {
      for (const target of targets) await preflight(target, scenario);
      const rows: Comparison[] = [];
      for (const connections of connectionsList) {
        const measured: Partial<Record<Target["name"], Measurement>> = {};
        // Direct and gateway back to back, so drift in the machine affects both sides alike.
        for (const target of targets) {
          const output = await load(target, scenario, connections);
          runs.push({ scenario: scenario.name, connections, target: target.name, output });
          const m = (measured[target.name] = measure(output));
          console.error(`${scenario.name} c=${connections} ${target.name}: ${m.requestsPerSec.toFixed(0)} req/s, p50 ${m.p50Ms.toFixed(3)} ms`);
        }
        if (!measured.direct) throw new Error("direct target missing");
        rows.push(compare(scenario.name, connections, measured.direct, measured.gateway));
      }
      console.log(`${formatTable(scenario.name, rows)}\n`);
      comparisons.push(...rows);
    }
    const resultsDir = path.join(root, "bench", "results");
    mkdirSync(resultsDir, { recursive: true });
    const meta = { date: new Date().toISOString(), node: process.version, cpus: os.cpus()[0]?.model, loadavg: os.loadavg(), pinning, directOnly, durationSec, warmupSec, streamChunks: STREAM_CHUNKS };
    writeFileSync(path.join(resultsDir, "latest.json"), `${JSON.stringify({ meta, comparisons, runs }, null, 2)}\n`);
    console.log(`results: ${path.relative(root, path.join(resultsDir, "latest.json"))}`);
  } finally {
    await cleanup();
  }
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    void cleanup().finally(() => process.exit(130));
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
