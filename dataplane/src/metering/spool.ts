import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";

/**
 * An append-only file of usage events the bus could not take, so none is lost while NATS is down or the process
 * restarts. Records are length-prefixed protobuf bytes; appends are buffered and made durable together (one
 * fsync per flush, every FLUSH_MS), so an outage costs disk, not memory.
 *
 * One file per process (`<replicaId>.spool`, with a `.owner` file naming host and pid); files of processes that
 * are gone are replayed by the next process to start here. A file is claimed by renaming it, so two processes
 * sharing the directory never replay the same file.
 */
export const FLUSH_MS = 50;

export class Spool {
  readonly #dir: string;
  readonly #path: string;
  #fd: number | undefined;
  #pending: Buffer[] = [];
  #timer: NodeJS.Timeout | undefined;
  #records = 0;

  constructor(dir: string, replicaId: string) {
    this.#dir = dir;
    mkdirSync(dir, { recursive: true });
    this.#path = join(dir, `${replicaId}.spool`);
  }

  /** Records written and not yet taken back by `drain`. */
  get size(): number {
    return this.#records;
  }

  append(record: Uint8Array): void {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(record.length);
    this.#pending.push(head, Buffer.from(record));
    this.#records++;
    if (!this.#timer) {
      this.#timer = setTimeout(() => this.flush(), FLUSH_MS);
      this.#timer.unref();
    }
  }

  /** Writes and fsyncs what is buffered; on a disk error keeps it buffered and tries again later. Never throws. */
  flush(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#pending.length === 0) return;
    try {
      if (this.#fd === undefined) {
        mkdirSync(this.#dir, { recursive: true });
        writeFileSync(`${this.#path}.owner`, JSON.stringify({ host: hostname(), pid: process.pid }));
        this.#fd = openSync(this.#path, "a");
      }
      writeSync(this.#fd, Buffer.concat(this.#pending));
      fsyncSync(this.#fd);
      this.#pending = [];
    } catch {
      this.#timer = setTimeout(() => this.flush(), 1_000);
      this.#timer.unref();
    }
  }

  /** Takes back every record of this process's own file (the caller re-sends them, or appends them again). */
  drainOwn(): Uint8Array[] {
    this.flush();
    if (this.#fd !== undefined) {
      closeSync(this.#fd);
      this.#fd = undefined;
    }
    this.#records = 0;
    return takeFile(this.#path);
  }

  /**
   * Takes the records left by earlier processes that are gone: every other `*.spool` here whose owner is not a
   * live process on this host. (A replica sharing the directory keeps its own file.)
   */
  claimLeftovers(): Uint8Array[] {
    const out: Uint8Array[] = [];
    let names: string[];
    try {
      names = readdirSync(this.#dir);
    } catch {
      return out;
    }
    for (const name of names) {
      const path = join(this.#dir, name);
      if (!name.endsWith(".spool") || path === this.#path || ownerAlive(`${path}.owner`)) continue;
      out.push(...takeFile(path));
    }
    return out;
  }

  close(): void {
    this.flush();
    clearTimeout(this.#timer);
    if (this.#fd !== undefined) closeSync(this.#fd);
    this.#fd = undefined;
  }
}

/** Claims a file by renaming it (so no other process replays it too), reads it and removes it. */
function takeFile(path: string): Uint8Array[] {
  const claimed = `${path}.${process.pid}.replaying`;
  try {
    renameSync(path, claimed);
  } catch {
    return []; // absent, or another process claimed it first
  }
  const records = readRecords(readFileSync(claimed));
  rmSync(claimed, { force: true });
  rmSync(`${path}.owner`, { force: true });
  return records;
}

function ownerAlive(ownerFile: string): boolean {
  try {
    const o = JSON.parse(readFileSync(ownerFile, "utf8")) as { host?: string; pid?: number };
    if (o.host !== hostname() || typeof o.pid !== "number" || o.pid === process.pid) return false;
    process.kill(o.pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whole records only: a record cut short by a crash mid-write is dropped (it was never acknowledged as kept). */
export function readRecords(buf: Buffer): Uint8Array[] {
  const out: Uint8Array[] = [];
  let at = 0;
  while (at + 4 <= buf.length) {
    const len = buf.readUInt32BE(at);
    if (at + 4 + len > buf.length) break;
    out.push(buf.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  return out;
}
