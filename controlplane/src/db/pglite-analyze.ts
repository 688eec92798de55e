import { sql, type Kysely } from "kysely";
import type { DB } from "./schema.ts";

/** How often the tables' change counts are looked at. */
export const ANALYZE_EVERY_MS = 60_000;

/**
 * A table is analyzed once this many rows, plus this share of its live rows, changed since it last was:
 * autovacuum's own defaults (autovacuum_analyze_threshold, autovacuum_analyze_scale_factor).
 */
const THRESHOLD_ROWS = 50;
const SCALE_FACTOR = 0.1;

/**
 * PGlite runs no autovacuum, so nothing analyzes its tables, and the plans its prepared statements keep are made
 * from whatever size a table had then. The ledger's statement, prepared while `keys` held three rows, kept hashing
 * the whole table for every batch once it held 100,000: 267-361 µs an event, and 60 once analyzed
 * (docs/performance.md). Analyzing a table whose rows have changed enough, as autovacuum would, gives the planner its
 * size and invalidates the plans that read it, which are then made again. Returns the tables it analyzed.
 */
export async function analyzeChangedTables(db: Kysely<DB>): Promise<string[]> {
  const due = await sql<{ relname: string }>`
    select relname from pg_stat_user_tables
    where n_mod_since_analyze > ${sql.lit(THRESHOLD_ROWS)} + ${sql.lit(SCALE_FACTOR)} * n_live_tup
    order by relname`.execute(db);
  const analyzed: string[] = [];
  for (const { relname } of due.rows) {
    await sql`analyze ${sql.id(relname)}`.execute(db);
    analyzed.push(relname);
  }
  return analyzed;
}

/**
 * Runs analyzeChangedTables every `everyMs` (never two at once) until stopped; failures go to `onError`. Stopping
 * waits for a pass under way, so that the database can be closed after it.
 */
export function startAutoAnalyze(db: Kysely<DB>, onError: (err: unknown) => void, everyMs = ANALYZE_EVERY_MS): () => Promise<void> {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= analyzeChangedTables(db).then(
      () => undefined,
      (err: unknown) => onError(err),
    ).finally(() => (running = undefined));
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
