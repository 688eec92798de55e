import "./numbers-as-js.ts";
import { svc } from "./gen/gateway.js";

/** Generated protobuf classes (proto/gateway.proto); encode/decode with these, never by hand. */
export const pb = svc.gateway.v1;

export type UsageEvent = svc.gateway.v1.IUsageEvent;
export type KeyEntry = svc.gateway.v1.IKeyEntry;
export type OrgEntry = svc.gateway.v1.IOrgEntry;
export type Limits = svc.gateway.v1.ILimits;
export type Snapshot = svc.gateway.v1.ISnapshot;
export type SnapshotDelta = svc.gateway.v1.ISnapshotDelta;
export type Heartbeat = svc.gateway.v1.IHeartbeat;
export type SnapshotRequest = svc.gateway.v1.ISnapshotRequest;
export type ReplicaHeartbeat = svc.gateway.v1.IReplicaHeartbeat;
