// Shared by the control plane's tests only.
import { freshDatabase } from "../../test/harness/database.ts";
import type { KeyEntry, OrgEntry, UsageEvent } from "../../proto/messages.ts";
import type { Kysely } from "kysely";
import { openDatabase } from "./db/connect.ts";
import type { Database } from "./db/connect.ts";
import type { DB } from "./db/schema.ts";
import type { ControlRequest, ControlResponse } from "./http/types.ts";
import { readEntries } from "./services/snapshot-state.ts";

export const TEST_SECRET = "test-key-hash-secret-0123456789";

export interface TestDatabase extends Database {
  databaseUrl: string | undefined;
  dataDir: string;
  /** closes and drops the database */
  dispose(): Promise<void>;
}

/**
 * The databases a ledger test runs on: the test database, and the embedded PGlite as well when that is Postgres,
 * because some of the ledger's statements differ between the two (usage-billing.ts).
 */
export const LEDGER_DATABASES: readonly TestDatabaseKind[] = process.env["DATABASE_URL"] ? ["default", "pglite"] : ["default"];

/** "default": Postgres when DATABASE_URL is set, else PGlite; "pglite": PGlite whatever is set. */
export type TestDatabaseKind = "default" | "pglite";

/** One migrated, empty database of that kind. Open once per test file. */
export async function openTestDatabase(kind: TestDatabaseKind = "default"): Promise<TestDatabase> {
  const fresh = await freshDatabase({ pglite: kind === "pglite" });
  const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
  return {
    ...database,
    databaseUrl: fresh.databaseUrl,
    dataDir: fresh.dataDir,
    async dispose() {
      await database.close();
      await fresh.cleanup();
    },
  };
}

/** A tiny catalog: two models, each also reachable by its bare alias. */
const MODELS: Record<string, string> = {
  "openai/gpt-4o-mini": "openai/gpt-4o-mini",
  "gpt-4o-mini": "openai/gpt-4o-mini",
  "anthropic/claude-sonnet-4": "anthropic/claude-sonnet-4",
  "claude-sonnet-4": "anthropic/claude-sonnet-4",
};
export const resolveTestModel = (idOrAlias: string): string | undefined => MODELS[idOrAlias];

let eventCounter = 0;

export function usageEvent(overrides: Partial<UsageEvent> & { keyId: string; orgId: string }): UsageEvent {
  eventCounter++;
  return {
    id: `evt_${Date.now()}_${eventCounter}_${Math.random().toString(36).slice(2)}`,
    replicaId: "replica-a",
    requestId: `req_${eventCounter}`,
    provider: "openai",
    model: "openai/gpt-4o-mini",
    endpoint: "/v1/chat/completions",
    status: 200,
    streamed: false,
    inputTokens: 100,
    outputTokens: 20,
    costMicros: 150,
    latencyMs: 321,
    upstreamLatencyMs: 300,
    createdAtMs: Date.now(),
    errorCode: "",
    ...overrides,
  };
}

export function request(
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
): ControlRequest {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.key !== undefined) headers["authorization"] = `Bearer ${opts.key}`;
  const text = opts.rawBody ?? (opts.body === undefined ? "" : JSON.stringify(opts.body));
  if (text !== "") headers["content-type"] = "application/json";
  return { method, path, query: "", headers, body: new TextEncoder().encode(text) };
}

/** The response body as parsed JSON (tests assert on values, not on strings). */
export function bodyOf(res: ControlResponse): unknown {
  return JSON.parse(res.body);
}

/** Reads a nested field of parsed JSON without casts at every call site. */
export function field(value: unknown, ...path: (string | number)[]): unknown {
  let v: unknown = value;
  for (const p of path) {
    if (typeof v !== "object" || v === null) return undefined;
    v = (v as Record<string | number, unknown>)[p];
  }
  return v;
}

/** Every organization and key as a full snapshot carries them (readEntries, collected): what the database holds. */
export async function loadEntries(db: Kysely<DB>, now: Date = new Date()): Promise<{ orgs: OrgEntry[]; keys: KeyEntry[] }> {
  const entries: { orgs: OrgEntry[]; keys: KeyEntry[] } = { orgs: [], keys: [] };
  await readEntries(db, { org: (o) => entries.orgs.push(o), key: (k) => entries.keys.push(k) }, now);
  return entries;
}
