import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

/**
 * Who owns the spool files in a shared directory. Every file of a replica starts with its id; `<replica>.owner`
 * names its host and pid. Files whose owner is gone are taken over by the next replica to look.
 */

/** Replicas of this process with an open spool: they share the pid, so the pid alone cannot tell them apart. */
const openHere = new Set<string>();

export function ownerFile(dir: string, replicaId: string): string {
  return join(dir, `${replicaId}.owner`);
}

export function takeOwnership(dir: string, replicaId: string): void {
  writeFileSync(ownerFile(dir, replicaId), JSON.stringify({ host: hostname(), pid: process.pid }));
  openHere.add(replicaId);
}

/** `keepFile`: segments remain for the next process, which must see this owner as gone (its pid is dead by then). */
export function giveUpOwnership(dir: string, replicaId: string, keepFile: boolean): void {
  openHere.delete(replicaId);
  if (keepFile) return;
  try {
    rmSync(ownerFile(dir, replicaId), { force: true });
  } catch {
    // the disk is failing: a stale owner file only makes the next process look once more
  }
}

/**
 * Alive: an open spool of this process, or a live process on this host. A file from another host is taken to be
 * a predecessor's (a volume that moved with a restarted replica); give each data plane its own volume.
 */
export function ownerAlive(dir: string, replicaId: string): boolean {
  if (openHere.has(replicaId)) return true;
  try {
    const o = JSON.parse(readFileSync(ownerFile(dir, replicaId), "utf8")) as { host?: unknown; pid?: unknown };
    if (o.host !== hostname() || typeof o.pid !== "number" || o.pid === process.pid) return false;
    process.kill(o.pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists under another user
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** `<replica>.<sequence>.log`, zero-padded so names sort in writing order. */
export function segmentName(replicaId: string, seq: number): string {
  return `${replicaId}.${String(seq).padStart(10, "0")}.log`;
}

export function parseSegmentName(name: string): { replicaId: string; seq: number } | undefined {
  const m = /^(.+)\.(\d+)\.log$/.exec(name);
  return m ? { replicaId: m[1]!, seq: Number(m[2]) } : undefined;
}
