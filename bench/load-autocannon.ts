// Drives one run with autocannon, for machines without wrk. It costs more CPU per request than wrk, so on the
// fastest targets the load core may be the limit; the results record which tool ran.
import autocannon from "autocannon";
import type { LoadSpec, RunResult } from "./load-spec.ts";
import { summarise } from "./stats.ts";

export async function runAutocannon(spec: LoadSpec, durationSec: number): Promise<RunResult> {
  const times: number[] = [];
  let responses = 0;
  const instance = autocannon({ url: spec.url, method: "POST", headers: spec.headers, body: spec.body, connections: spec.connections, duration: durationSec, timeout: 10 });
  // autocannon's own percentiles are whole milliseconds; these keep sub-millisecond precision
  instance.on("response", (_client, status, _bytes, ms) => {
    responses++;
    if (Number(status) >= 200 && Number(status) < 300) times.push(ms);
  });
  const r = await instance;
  const s = summarise(times);
  return {
    responses,
    ok: r["2xx"],
    failed: r.non2xx + r.errors + r.timeouts,
    durationSec: r.duration,
    latencyMs: { p50: s.p50, p90: s.p90, p99: s.p99, mean: s.mean },
  };
}
