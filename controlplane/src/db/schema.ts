import type { ColumnType, Insertable, Selectable, Updateable } from "kysely";

/**
 * Postgres int8 as the drivers hand it back: pg returns a string, PGlite a number. Repositories convert with
 * `toInt` (db/int.ts); nothing above them sees either raw form.
 */
export type Int8 = ColumnType<string | number, number, number>;
/** A count or sum computed in SQL (count → int8, sum(int8) → numeric): string or number depending on the driver. */
export type SqlNumber = string | number | bigint;
type CreatedAt = ColumnType<Date, Date | undefined, never>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;
/** jsonb is written as JSON text: pg would otherwise send a JS array as a Postgres array literal. */
type Jsonb = ColumnType<unknown, string, string>;

export type KeyKind = "inference" | "management";
export type LedgerKind = "credit" | "usage" | "adjustment";

export interface OrganizationsTable {
  id: string;
  name: string;
  balance_micros: Int8;
  created_at: CreatedAt;
}

export interface KeysTable {
  id: string;
  org_id: string;
  kind: KeyKind;
  name: string;
  hash: string;
  prefix: string;
  /** null: every model; else canonical slugs */
  models: ColumnType<unknown, string | null, string | null>;
  limits: ColumnType<unknown, string | undefined, string>;
  spend_total_micros: ColumnType<string | number, number | undefined, number>;
  created_at: CreatedAt;
  revoked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export interface LedgerEntriesTable {
  id: ColumnType<string | number, never, never>;
  org_id: string;
  key_id: string | null;
  kind: LedgerKind;
  amount_micros: Int8;
  usage_event_id: string | null;
  note: string | null;
  created_at: CreatedAt;
}

export interface UsageEventsTable {
  id: string;
  org_id: string;
  key_id: string;
  provider: string;
  model: string;
  endpoint: string;
  status: number;
  streamed: boolean;
  input_tokens: Int8 | null;
  output_tokens: Int8 | null;
  cached_input_tokens: Int8 | null;
  cache_write_tokens: Int8 | null;
  reasoning_tokens: Int8 | null;
  cost_micros: Int8;
  latency_ms: number;
  upstream_latency_ms: number;
  error_code: string | null;
  replica_id: string;
  request_id: string;
  created_at: ColumnType<Date, Date, never>;
  applied_at: CreatedAt;
}

export interface KeyMonthlySpendTable {
  key_id: string;
  /** UTC 'YYYY-MM' */
  month: string;
  spend_micros: Int8;
}

export interface DB {
  organizations: OrganizationsTable;
  keys: KeysTable;
  ledger_entries: LedgerEntriesTable;
  usage_events: UsageEventsTable;
  key_monthly_spend: KeyMonthlySpendTable;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
export type NewOrganization = Insertable<OrganizationsTable>;
export type KeyRow = Selectable<KeysTable>;
export type NewKey = Insertable<KeysTable>;
export type KeyUpdate = Updateable<KeysTable>;
export type LedgerEntryRow = Selectable<LedgerEntriesTable>;
export type NewLedgerEntry = Insertable<LedgerEntriesTable>;
export type UsageEventRow = Selectable<UsageEventsTable>;
export type NewUsageEvent = Insertable<UsageEventsTable>;
export type KeyMonthlySpendRow = Selectable<KeyMonthlySpendTable>;
