import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

export interface FreshDatabase {
  /** set when the tests run against Postgres (DATABASE_URL given): a brand-new database on that server */
  databaseUrl?: string;
  /** a new temporary directory (PGlite lives here when databaseUrl is unset) */
  dataDir: string;
  cleanup(): Promise<void>;
}

/**
 * An isolated, empty database for one test file, so suites run repeatedly and in parallel. With DATABASE_URL set,
 * creates `svc_t_<random>` on that server (connecting to the URL's database as an admin) and drops it on cleanup;
 * otherwise (or when `pglite` is asked for) the caller opens PGlite in the returned temporary directory.
 */
export async function freshDatabase(opts: { pglite?: boolean } = {}): Promise<FreshDatabase> {
  const dataDir = await mkdtemp(join(tmpdir(), "svc-test-"));
  const adminUrl = opts.pglite ? undefined : process.env["DATABASE_URL"];
  if (!adminUrl) {
    return { dataDir, cleanup: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `svc_t_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    async cleanup() {
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
