import type { Catalog } from "../../catalog/src/index.ts";
import { SEQUENCE_HEADER } from "../../proto/headers.ts";
import { closeLogger, createLogger, type Logger } from "../../proto/log.ts";
import { subjects } from "../../proto/subjects.ts";
import type { Transport } from "../../proto/transport.ts";
import { SnapshotPublisher } from "./bus/snapshot-publisher.ts";
import { ReplicaRoster } from "./bus/replica-roster.ts";
import { BATCH_WINDOW_MS, PGLITE_BATCH_WINDOW_MS, consumeUsage } from "./bus/usage-consumer.ts";
import type { ControlPlaneConfig } from "./config.ts";
import { openDatabase, type Database } from "./db/connect.ts";
import { startAutoAnalyze } from "./db/pglite-analyze.ts";
import { createControlHandler } from "./http/handler.ts";
import { createStatusHandler } from "./http/status-route.ts";
import type { ControlRequest, ControlResponse } from "./http/types.ts";
import { loadOrCreateKeySecret } from "./key-secret.ts";
import { bootstrap, type BootstrapResult } from "./services/orgs.ts";
import { StatusFeedPoller, feedsFromCatalog } from "./services/status-feeds/index.ts";

export interface ControlPlane {
  readonly database: Database;
  readonly publisher: SnapshotPublisher;
  readonly keyHashSecret: string;
  readonly bootstrap: BootstrapResult;
  readonly handle: (req: ControlRequest) => Promise<ControlResponse>;
  /** Its log (LOG_LEVEL, LOG_FILE of the config's environment), closed by close(). */
  readonly log: Logger;
  close(): Promise<void>;
}

/**
 * Opens (and migrates) the database, bootstraps the first organization on an empty one, answers snapshot
 * requests, publishes deltas and moves usage into the ledger. Same function in split and embedded mode.
 */
export async function startControlPlane(opts: {
  config: ControlPlaneConfig;
  catalog: Catalog;
  transport: Transport;
  requireSecret: boolean;
  /** Embedded: this thread shares the data plane's core, so an embedded database gives it away between statements. */
  besideDataPlane?: boolean;
}): Promise<ControlPlane> {
  const { config } = opts;
  if (opts.requireSecret && !config.keyHashSecret) {
    throw new Error("SVC_KEY_HASH_SECRET is required in split mode: every data plane must hash keys with the same secret.");
  }
  const keyHashSecret = loadOrCreateKeySecret(config.dataDir, config.keyHashSecret);
  const log = createLogger(config.env, { service: "controlplane" });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgliteYieldsCore: opts.besideDataPlane ?? false });
  log.info({ database: database.kind, migrations_applied: database.migrated }, "database ready");
  const boot = await bootstrap(database.db, keyHashSecret, { managementKey: config.bootstrapManagementKey, creditMicros: config.bootstrapCreditMicros });
  if (boot.created) log.info({ org_id: boot.orgId }, "created organization");
  const publisher = new SnapshotPublisher(database.db, opts.transport, subjects(config.natsPrefix), (err) => log.warn({ err }, "snapshot state not read from the database; retrying"));
  publisher.start();
  const roster = new ReplicaRoster(opts.transport, subjects(config.natsPrefix), (n) => publisher.replicasChanged(n));
  roster.start();
  const stopUsage = consumeUsage(database.db, opts.transport, publisher, log, database.kind === "pglite" ? PGLITE_BATCH_WINDOW_MS : BATCH_WINDOW_MS);
  // Postgres's autovacuum analyzes its tables; PGlite has none
  const stopAnalyze = database.kind === "pglite" ? startAutoAnalyze(database.db, (err) => log.warn({ err }, "tables not analyzed; trying again later")) : async () => undefined;
  const handler = createControlHandler({
    db: database.db,
    keyHashSecret,
    resolveModel: (id) => opts.catalog.resolve(id)?.slug,
    onChange: publisher,
    onError: (err) => log.error({ err }, "management call failed unexpectedly"),
    log,
  });
  // After a change, say which snapshot sequence carries it, so the relaying replica can wait for that delta
  // and a key minted through it works on it at once (read-your-writes).
  const statusFeeds = new StatusFeedPoller({
    feeds: config.statusFeeds ? feedsFromCatalog(opts.catalog.providers.values(), config.env) : [],
    onError: (slug, why) => log.warn({ provider: slug, reason: why }, "status feed unreadable"),
  });
  void statusFeeds.start();
  const status = createStatusHandler({
    db: database.db,
    providers: [...opts.catalog.providers.values()].map((p) => ({ slug: p.namespace, statusPage: p.status_page })),
    reportedStatus: (slug) => statusFeeds.reported(slug),
  });
  const handle = async (req: ControlRequest): Promise<ControlResponse> => {
    if (req.path === "/status") return status(req);
    const res = await handler(req);
    if (req.method === "GET" || req.method === "HEAD" || res.status >= 400) return res;
    await publisher.settled();
    return { ...res, headers: { ...res.headers, [SEQUENCE_HEADER]: `${publisher.epoch}/${publisher.sequence}` } };
  };
  log.info({ epoch: publisher.epoch }, "control plane started");
  return {
    database,
    publisher,
    keyHashSecret,
    bootstrap: boot,
    handle,
    log,
    async close() {
      statusFeeds.stop();
      stopUsage();
      roster.close();
      publisher.close();
      await stopAnalyze();
      await database.close();
      log.info("control plane stopped");
      await closeLogger(log);
    },
  };
}
