// Load generator, run as its own pinned process so it never competes with the servers it measures.
// Usage: tsx bench/load.ts '<LoadConfig JSON>'  → prints one LoadOutput JSON line on stdout.
import autocannon, { type Result } from "autocannon";

export interface LoadConfig {
  url: string;
  headers: Record<string, string>;
  body: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
}

export interface LoadOutput {
  /** Percentiles of 2xx response times with sub-millisecond precision (autocannon's own are whole ms). */
  latencyMs: { p50: number; p90: number; p99: number; mean: number; count: number };
  autocannon: Result;
}

function percentile(sorted: Float64Array, q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
}

async function run(config: LoadConfig, durationSec: number, times?: number[]): Promise<Result> {
  const instance = autocannon({
    url: config.url,
    method: "POST",
    headers: config.headers,
    body: config.body,
    connections: config.connections,
    duration: durationSec,
  });
  if (times) {
    instance.on("response", (_client, status, _bytes, ms) => {
      if (Number(status) >= 200 && Number(status) < 300) times.push(ms);
    });
  }
  return await instance;
}

const arg = process.argv[2];
if (arg === undefined) throw new Error("usage: tsx bench/load.ts '<LoadConfig JSON>'");
const config = JSON.parse(arg) as LoadConfig;

// Warm-up opens the keep-alive sockets and lets V8 optimise both sides before anything is measured.
if (config.warmupSec > 0) await run(config, config.warmupSec);
const times: number[] = [];
const result = await run(config, config.durationSec, times);
const sorted = Float64Array.from(times).sort();
const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
const output: LoadOutput = {
  latencyMs: { p50: percentile(sorted, 0.5), p90: percentile(sorted, 0.9), p99: percentile(sorted, 0.99), mean, count: times.length },
  autocannon: result,
};
process.stdout.write(`${JSON.stringify(output)}\n`);
