// What a full snapshot costs, in parts, with the gateway's own code and without changing it: the control plane's
// build of its kept copy (SnapshotCache.build: the database read and each entry encoded) and the assembly of a
// full snapshot from it (SnapshotCache.encode), straight on the database, and the data plane's side
// (the NATS request, readSnapshot, SnapshotStore.applyFull) against the running control plane.
// Usage: tsx bench/snapshot-probe.ts '<SnapshotProbeConfig JSON>' (or @<file>, bench/child-config.ts)  → prints one SnapshotProbeOutput JSON line.
import os from "node:os";
import { connect } from "nats";
import { openDatabase } from "../controlplane/src/db/connect.ts";
import { SnapshotCache } from "../controlplane/src/bus/snapshot-cache.ts";
import { SnapshotStore } from "../dataplane/src/auth/snapshot-store.ts";
import { fetchSnapshot } from "../proto/snapshot-parts.ts";
import { readSnapshot } from "../proto/snapshot-reader.ts";
import { subjects } from "../proto/subjects.ts";
import { connectNats } from "../proto/transport-nats.ts";
import { childConfig } from "./child-config.ts";
import { summarise, type Summary } from "./stats.ts";

export interface SnapshotProbeConfig {
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  repeats: number;
  /** Build the snapshot straight from the database, as the control plane does. */
  build: boolean;
  /** Ask the running control plane over NATS (only once its data planes have shown it can answer). */
  fetch: boolean;
}

export interface SnapshotProbeOutput {
  natsMaxPayloadBytes: number;
  keys?: number;
  bytes?: number;
  build?: { readMs: Summary; encodeMs: Summary };
  fetch?: { requestMs: Summary; decodeMs: Summary; applyMs: Summary; totalMs: Summary } | { error: string };
}

const config = childConfig<SnapshotProbeConfig>("snapshot-probe.ts", "SnapshotProbeConfig");

async function measureBuild(c: SnapshotProbeConfig): Promise<{ keys: number; bytes: number; build: SnapshotProbeOutput["build"] }> {
  // dataDir is only used by PGlite; this is Postgres
  const database = await openDatabase({ databaseUrl: c.databaseUrl, dataDir: os.tmpdir(), poolSize: 2 });
  try {
    const read: number[] = [];
    const encode: number[] = [];
    let keys = 0;
    let bytes = 0;
    for (let i = 0; i < c.repeats; i++) {
      const t0 = performance.now();
      const cache = await SnapshotCache.build(database.db, new Date());
      const t1 = performance.now();
      const encoded = cache.encode({ epoch: "probe", sequence: 1, appliedEventIds: [], generatedAtMs: Date.now(), replicaCount: 1 });
      read.push(t1 - t0);
      encode.push(performance.now() - t1);
      keys = cache.keyCount;
      bytes = encoded.length;
    }
    return { keys, bytes, build: { readMs: summarise(read), encodeMs: summarise(encode) } };
  } finally {
    await database.close();
  }
}

async function measureFetch(c: SnapshotProbeConfig): Promise<NonNullable<SnapshotProbeOutput["fetch"]>> {
  const s = subjects(c.natsPrefix);
  const transport = await connectNats({ servers: c.natsUrl, subjects: s, name: "bench-snapshot-probe", ensureUsageStream: false });
  const request: number[] = [];
  const decode: number[] = [];
  const apply: number[] = [];
  const total: number[] = [];
  try {
    for (let i = 0; i < c.repeats; i++) {
      const t0 = performance.now();
      const bytes = await fetchSnapshot(transport, s.snapshotRequest, "bench-snapshot-probe", 30_000);
      const t1 = performance.now();
      // read as the data plane reads it: the keys indexed, still encoded
      const snap = readSnapshot(bytes);
      const t2 = performance.now();
      new SnapshotStore().applyFull(snap, Date.now());
      const t3 = performance.now();
      request.push(t1 - t0);
      decode.push(t2 - t1);
      apply.push(t3 - t2);
      total.push(t3 - t0);
    }
    return { requestMs: summarise(request), decodeMs: summarise(decode), applyMs: summarise(apply), totalMs: summarise(total) };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  } finally {
    await transport.close();
  }
}

async function maxPayload(natsUrl: string): Promise<number> {
  const nc = await connect({ servers: natsUrl.split(",") });
  try {
    return nc.info?.max_payload ?? Number.NaN;
  } finally {
    await nc.close();
  }
}

const output: SnapshotProbeOutput = { natsMaxPayloadBytes: await maxPayload(config.natsUrl) };
if (config.build) Object.assign(output, await measureBuild(config));
if (config.fetch) output.fetch = await measureFetch(config);
process.stdout.write(`${JSON.stringify(output)}\n`);
