/** How often a data plane replica announces itself; the control plane forgets one silent for 5 of these. */
export const REPLICA_HEARTBEAT_MS = 2_000;

/** Subject names under one prefix, so that several deployments (or test runs) share one NATS without meeting. */
export function subjects(prefix: string) {
  if (!/^[A-Za-z0-9_-]+$/.test(prefix)) throw new Error(`invalid NATS prefix ${JSON.stringify(prefix)}: use letters, digits, _ and -`);
  return Object.freeze({
    snapshotRequest: `${prefix}.snapshot.get`,
    snapshotDelta: `${prefix}.snapshot.delta`,
    heartbeat: `${prefix}.snapshot.heartbeat`,
    replicaHeartbeat: `${prefix}.replica.heartbeat`,
    /** An operator tool changed the database behind the control plane's back: republish. */
    changed: `${prefix}.control.changed`,
    usage: `${prefix}.usage.events`,
    usageStream: `SVC_USAGE_${prefix}`,
    usageConsumer: `ledger`,
  });
}
export type Subjects = ReturnType<typeof subjects>;
