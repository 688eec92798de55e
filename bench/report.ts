// Turns load results into comparisons and prints them; pure functions, no I/O besides the returned text.
import type { LoadOutput } from "./load.ts";

export interface Measurement {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
}

export interface Comparison {
  scenario: string;
  connections: number;
  direct: Measurement;
  gateway?: Measurement;
  /** gateway req/s ÷ direct req/s: 1 means the gateway costs nothing. */
  throughputRatio?: number;
  addedP50Ms?: number;
}

export function measure(out: LoadOutput): Measurement {
  const r = out.autocannon;
  // Successful answers only: a fast stream of errors must not look like throughput.
  return { requestsPerSec: r["2xx"] / r.duration, p50Ms: out.latencyMs.p50, p99Ms: out.latencyMs.p99, non2xx: r.non2xx, errors: r.errors + r.timeouts };
}

export function compare(scenario: string, connections: number, direct: Measurement, gateway?: Measurement): Comparison {
  if (!gateway) return { scenario, connections, direct };
  return { scenario, connections, direct, gateway, throughputRatio: gateway.requestsPerSec / direct.requestsPerSec, addedP50Ms: gateway.p50Ms - direct.p50Ms };
}

const num = (v: number | undefined, digits: number): string => (v === undefined || Number.isNaN(v) ? "-" : v.toFixed(digits));
const failures = (m: Measurement | undefined): string => (m ? `${m.non2xx + m.errors}` : "-");

export function formatTable(scenario: string, rows: Comparison[]): string {
  const header = ["conns", "direct req/s", "p50 ms", "p99 ms", "gateway req/s", "p50 ms", "p99 ms", "ratio", "+p50 ms", "failed d/g"];
  const lines = rows.map((c) => [
    String(c.connections),
    num(c.direct.requestsPerSec, 0),
    num(c.direct.p50Ms, 3),
    num(c.direct.p99Ms, 3),
    num(c.gateway?.requestsPerSec, 0),
    num(c.gateway?.p50Ms, 3),
    num(c.gateway?.p99Ms, 3),
    num(c.throughputRatio, 3),
    c.addedP50Ms === undefined ? "-" : `${c.addedP50Ms >= 0 ? "+" : ""}${c.addedP50Ms.toFixed(3)}`,
    `${failures(c.direct)}/${failures(c.gateway)}`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? "").length)));
  const row = (cells: string[]): string => cells.map((cell, i) => cell.padStart(widths[i] ?? 0)).join("  ");
  return [`== ${scenario}`, row(header), ...lines.map(row)].join("\n");
}
