import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { join } from "node:path";

/**
 * PGlite is a single-process database: two processes (say `npm start` and the operator CLI) opening the same
 * directory corrupt it. A pid file refuses the second opener with a clear message; a stale file (its process is
 * gone) is taken over.
 */
const heldHere = new Set<string>();

export function acquirePgliteLock(dir: string): () => void {
  const file = join(dir, "svc.lock");
  if (heldHere.has(file)) throw new Error(`embedded database ${dir} is already open in this process`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(file);
      return () => {
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (err) {
      if (!isExists(err)) throw err;
      const holder = readPid(file);
      if (holder !== undefined && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `embedded database ${dir} is in use by process ${holder}; stop it first, or use DATABASE_URL (Postgres) to share a database`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not lock embedded database ${dir}`);
}

function isExists(err: unknown): boolean {
  return typeof err === "object" && err !== null && "code" in err && err.code === "EEXIST";
}

function readPid(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, "utf8").trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return typeof err === "object" && err !== null && "code" in err && err.code === "EPERM";
  }
}
