import type { KeyEntry, Limits, OrgEntry } from "./messages.ts";
import type { SlabWriter } from "./slab-writer.ts";

// A snapshot's keys are encoded by the hundred thousand when the control plane builds its kept copy from the
// database, with a replica waiting for them: protobufjs's writer (an object queued per field, each string measured
// and then written, a fork per entry) was ~28 % of that build. This writes protobufjs's bytes in one pass
// (snapshot-entry-encode.test.ts holds the two equal); organizations, far fewer, go the same way.

/**
 * Writes the entry's fields, as `pb.KeyEntry.encode` does; false when one is not what the writer writes as
 * protobufjs does (a negative or unsafe number, a lone surrogate), and the caller then encodes it with protobufjs.
 */
export function writeKeyEntry(w: SlabWriter, k: KeyEntry): boolean {
  if (!w.text(10, k.id) || !w.text(18, k.hash) || !w.text(26, k.orgId) || !w.text(34, k.kind) || !w.text(42, k.name)) return false;
  if (k.allModels != null && k.allModels !== false) w.bool(48);
  const models = k.models;
  // repeated: every element, the empty string included
  if (models != null) for (let i = 0; i < models.length; i++) if (!w.string(58, models[i]!)) return false;
  if (k.limits != null) {
    const start = w.open(66);
    if (!writeLimits(w, k.limits)) return false;
    w.close(start);
  }
  if (!w.text(74, k.month) || !w.int64(80, k.spendMonthMicros) || !w.int64(88, k.spendTotalMicros)) return false;
  if (k.revoked != null && k.revoked !== false) w.bool(96);
  if (!w.text(106, k.prefix) || !w.int64(112, k.createdAtMs)) return false;
  return (k as { $unknowns?: unknown }).$unknowns == null;
}

function writeLimits(w: SlabWriter, l: Limits): boolean {
  if (!w.optional(8, l.monthlyBudgetMicros) || !w.optional(16, l.totalBudgetMicros) || !w.optional(24, l.requestsPerMinute) || !w.optional(32, l.tokensPerMinute)) return false;
  return (l as { $unknowns?: unknown }).$unknowns == null;
}

/** Writes the organization's fields, as `pb.OrgEntry.encode` does; false as writeKeyEntry (a negative balance among them). */
export function writeOrgEntry(w: SlabWriter, o: OrgEntry): boolean {
  if (!w.text(10, o.id) || !w.text(18, o.name) || !w.int64(24, o.balanceMicros)) return false;
  return (o as { $unknowns?: unknown }).$unknowns == null;
}
