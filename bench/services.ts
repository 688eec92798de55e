// What split mode runs on: a Postgres database and a NATS subject prefix, fresh for each stack of a run and
// removed afterwards (on failure and Ctrl-C too), so runs never see each other's keys, ledgers or streams.
import { randomBytes } from "node:crypto";
import { connect } from "nats";
import pg from "pg";
import { subjects, type Subjects } from "../proto/subjects.ts";
import { deleteUsageStream } from "../proto/transport-nats.ts";
import { onCleanup } from "./cleanup.ts";

export interface ServiceUrls {
  /** A database on the server that the bench may create databases from (an admin connection). */
  adminDatabaseUrl: string;
  natsUrl: string;
}

export interface SplitResources {
  databaseUrl: string;
  natsPrefix: string;
  subjects: Subjects;
  /** Drops the database and deletes the usage stream; safe to call more than once. */
  release(): Promise<void>;
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Why split mode cannot run here (Postgres or NATS unreachable), or undefined when it can. */
export async function unreachable(urls: ServiceUrls): Promise<string | undefined> {
  try {
    await adminQuery(urls.adminDatabaseUrl, "select 1");
  } catch (err) {
    return `Postgres at ${urls.adminDatabaseUrl}: ${err instanceof Error ? err.message : String(err)}`;
  }
  try {
    const nc = await connect({ servers: urls.natsUrl.split(","), timeout: 3000 });
    const hasJetStream = await nc.jetstreamManager().then(
      () => true,
      () => false,
    );
    await nc.close();
    if (!hasJetStream) return `NATS at ${urls.natsUrl} has no JetStream`;
  } catch (err) {
    return `NATS at ${urls.natsUrl}: ${err instanceof Error ? err.message : String(err)}`;
  }
  return undefined;
}

export async function freshResources(urls: ServiceUrls): Promise<SplitResources> {
  const suffix = randomBytes(5).toString("hex");
  const dbName = `svc_bench_${suffix}`;
  const natsPrefix = `bench${suffix}`;
  const s = subjects(natsPrefix);
  await adminQuery(urls.adminDatabaseUrl, `create database ${dbName}`);
  const url = new URL(urls.adminDatabaseUrl);
  url.pathname = `/${dbName}`;
  const release = onCleanup(`database ${dbName} and stream ${s.usageStream}`, async () => {
    // each step on its own: an unreachable NATS must not leave the database behind, nor the reverse
    const failures: unknown[] = [];
    await deleteUsageStream(urls.natsUrl, s).catch((err: unknown) => failures.push(err));
    // with (force): a control plane killed mid-query may leave a session behind
    await adminQuery(urls.adminDatabaseUrl, `drop database if exists ${dbName} with (force)`).catch((err: unknown) => failures.push(err));
    if (failures.length > 0) throw failures[0];
  });
  return { databaseUrl: url.toString(), natsPrefix, subjects: s, release };
}
