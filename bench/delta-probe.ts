// How long a management change takes to be in force on every data plane replica: renames one key through the
// control plane's API, over and over, and polls each replica's GET /v1/key with that key until it shows the
// new name. Times run from just before the call, so they include the call itself (reported apart too).
// Usage: tsx bench/delta-probe.ts '<DeltaProbeConfig JSON>' (or @<file>, bench/child-config.ts)  → prints one DeltaProbeOutput JSON line.
import { Pool } from "undici";
import { childConfig } from "./child-config.ts";
import { summarise, type Summary } from "./stats.ts";

export interface DeltaProbeConfig {
  controlPlaneOrigin: string;
  mgmtKey: string;
  replicas: string[];
  trials: number;
}

export interface DeltaProbeOutput {
  trials: number;
  /** Call start → the last replica showing the change, ms. */
  allReplicasMs: Summary;
  /** Call start → each replica showing it, ms, every replica's trials together. */
  perReplicaMs: Summary;
  /** The management call's own round trip, ms. */
  callMs: Summary;
  /** Trials in which some replica did not show the change within the time limit (left out of the figures). */
  timedOut: number;
}

/** Between two polls of one replica: fine enough for a 100 ms target without keeping the servers' core busy. */
const POLL_EVERY_MS = 1;
const TRIAL_LIMIT_MS = 5_000;

const config = childConfig<DeltaProbeConfig>("delta-probe.ts", "DeltaProbeConfig");
const mgmt = { authorization: `Bearer ${config.mgmtKey}`, "content-type": "application/json" };

async function call(method: "POST" | "PATCH", path: string, body: unknown): Promise<unknown> {
  const res = await fetch(`${config!.controlPlaneOrigin}${path}`, { method, headers: mgmt, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Resolves with ms since `t0` at which `pool`'s replica shows `name` for the key, or undefined at the limit. */
async function seen(pool: Pool, key: string, name: string, t0: number): Promise<number | undefined> {
  while (performance.now() - t0 < TRIAL_LIMIT_MS) {
    const res = await pool.request({ path: "/v1/key", method: "GET", headers: { authorization: `Bearer ${key}` } });
    const body = (await res.body.json()) as { name?: unknown };
    if (res.statusCode === 200 && body.name === name) return performance.now() - t0;
    await new Promise((r) => setTimeout(r, POLL_EVERY_MS));
  }
  return undefined;
}

const pools = config.replicas.map((origin) => new Pool(origin, { connections: 1 }));
const { id, key } = (await call("POST", "/v1/management/keys", { name: "delta-0" })) as { id: string; key: string };
const t0 = performance.now();
// the new key itself arrives as a delta; every replica must hold it before renames can be timed
for (const pool of pools) if ((await seen(pool, key, "delta-0", t0)) === undefined) throw new Error("a new key never reached every replica");

const all: number[] = [];
const each: number[] = [];
const calls: number[] = [];
let timedOut = 0;
for (let i = 1; i <= config.trials; i++) {
  const name = `delta-${i}`;
  const start = performance.now();
  const patched = call("PATCH", `/v1/management/keys/${id}`, { name }).then(() => performance.now() - start);
  const [callMs, ...replicaMs] = await Promise.all([patched, ...pools.map((p) => seen(p, key, name, start))]);
  calls.push(callMs);
  if (replicaMs.some((ms) => ms === undefined)) {
    timedOut++;
    continue;
  }
  const ms = replicaMs as number[];
  each.push(...ms);
  all.push(Math.max(...ms));
}
await Promise.all(pools.map((p) => p.close()));
const output: DeltaProbeOutput = { trials: config.trials, allReplicasMs: summarise(all), perReplicaMs: summarise(each), callMs: summarise(calls), timedOut };
process.stdout.write(`${JSON.stringify(output)}\n`);
