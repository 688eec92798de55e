import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import type { DB, NewUsageEvent } from "../schema.ts";
import { isSingleWriter } from "../connect.ts";
import { compositeTypeOid, recordRows, type RecordField } from "../record-rows.ts";

/** A usage event to bill: the organization billed is its key's, read in the same statement; `month` is its UTC month. */
export type UsageToBill = Omit<NewUsageEvent, "org_id" | "applied_at" | "created_at"> & { created_at: Date; month: string };

export interface BilledUsage {
  /** the organization of the event's key, which was billed */
  orgId: string;
  /** false: an event of this id was recorded before, nothing was billed */
  inserted: boolean;
}

/** The composite type a batch's rows are sent as (migration 2026-11-30-0001), with its attributes in order. */
export const ROW_TYPE = "usage_event_row";
export const ROW_FIELDS: readonly RecordField<UsageToBill>[] = [
  { name: "id", type: "text", value: (r) => r.id },
  { name: "key_id", type: "text", value: (r) => r.key_id },
  { name: "provider", type: "text", value: (r) => r.provider },
  { name: "model", type: "text", value: (r) => r.model },
  { name: "endpoint", type: "text", value: (r) => r.endpoint },
  { name: "status", type: "integer", value: (r) => r.status },
  { name: "streamed", type: "boolean", value: (r) => r.streamed },
  { name: "input_tokens", type: "bigint", value: (r) => r.input_tokens ?? null },
  { name: "output_tokens", type: "bigint", value: (r) => r.output_tokens ?? null },
  { name: "cached_input_tokens", type: "bigint", value: (r) => r.cached_input_tokens ?? null },
  { name: "cache_write_tokens", type: "bigint", value: (r) => r.cache_write_tokens ?? null },
  { name: "reasoning_tokens", type: "bigint", value: (r) => r.reasoning_tokens ?? null },
  { name: "cost_micros", type: "bigint", value: (r) => r.cost_micros },
  { name: "latency_ms", type: "integer", value: (r) => r.latency_ms },
  { name: "upstream_latency_ms", type: "integer", value: (r) => r.upstream_latency_ms },
  { name: "error_code", type: "text", value: (r) => r.error_code ?? null },
  { name: "replica_id", type: "text", value: (r) => r.replica_id },
  { name: "request_id", type: "text", value: (r) => r.request_id },
  { name: "created_at", type: "timestamptz", value: (r) => r.created_at },
  { name: "month", type: "text", value: (r) => r.month },
];

/**
 * Records a batch of usage events and, for those not recorded before, debits their organizations (a ledger
 * entry each and the balance) and adds to their keys' total and monthly spend: all in ONE statement, so it is
 * atomic on its own and costs one round trip. It was eight (begin, the keys, the events, the ledger, balances,
 * totals, monthly spend, commit), and in the embedded PGlite every statement costs ~0.3–0.8 ms of CPU whatever
 * its size, so a usage event applied alone cost ~5 ms. Events whose key does not exist are not recorded and
 * are absent from the answer. Ids must be distinct. Zero-cost events are recorded, with a ledger entry of 0. On
 * the embedded PGlite the statement first takes every event to be new (ALL_NEW), and a batch with a repeat runs a
 * second time.
 */
export async function billUsageEvents(db: Kysely<DB>, events: readonly UsageToBill[]): Promise<Map<string, BilledUsage>> {
  if (events.length === 0) return new Map();
  let rows: KeyBilled[] | undefined;
  if (isSingleWriter(db)) {
    try {
      rows = await billStatement(db, events, ALL_NEW);
    } catch (err) {
      if ((err as { code?: unknown }).code !== UNIQUE_VIOLATION) throw err;
    }
  }
  rows ??= await billStatement(db, events, SOME_NEW);
  const keys = new Map(rows.map((row) => [row.key_id, { orgId: row.org_id, repeats: new Set(row.repeats) }]));
  const billed = new Map<string, BilledUsage>();
  for (const e of events) {
    const k = keys.get(e.key_id);
    if (k !== undefined) billed.set(e.id, { orgId: k.orgId, inserted: !k.repeats.has(e.id) });
  }
  return billed;
}

/** The statement's answer: one row per key billed, with the ids among its events that were recorded before. */
interface KeyBilled {
  key_id: string;
  org_id: string;
  repeats: string[];
}

const UNIQUE_VIOLATION = "23505";

const COLUMNS = sql.raw(`id, org_id, key_id, provider, model, endpoint, status, streamed, input_tokens, output_tokens,
  cached_input_tokens, cache_write_tokens, reasoning_tokens, cost_micros, latency_ms, upstream_latency_ms, error_code,
  replica_id, request_id, created_at`);

/** How the statement records the events (`recorded`), finds those not recorded before (`fresh`), and answers. */
interface Recording {
  fresh: RawBuilder<unknown>;
  answer: RawBuilder<unknown>;
}

/** Any event may have been recorded before: those are left out, whoever inserts the same id meanwhile. */
const SOME_NEW: Recording = {
  fresh: sql`recorded as (insert into usage_events (${COLUMNS}) select ${COLUMNS} from ev on conflict (id) do nothing returning id),
    fresh as materialized (select ev.* from ev join recorded using (id))`,
  answer: sql`select ev.key_id, ev.org_id, coalesce(array_agg(ev.id) filter (where recorded.id is null), '{}') as repeats
    from ev left join recorded using (id) group by ev.key_id, ev.org_id`,
};

/**
 * Every event is new: each row is inserted plainly, and one recorded before fails the whole statement (unique
 * violation), which then changes nothing. An insert `on conflict` inserts each row speculatively, checks its index
 * entry, then confirms it, and its `returning` is joined back: in the embedded ledger ~14 µs of its ~89 an event in
 * batches of 256 (docs/performance.md). Looking the ids up first is no way round it: a prepared statement keeps the
 * plan made while `usage_events` was small, a hash of the whole table, and that cost grew with the table.
 * Used only where a failed statement costs nothing but itself and no other session inserts the same ids (the
 * embedded PGlite, not in a transaction: isSingleWriter); a batch with a repeat (a replay after a crash) then goes
 * again as SOME_NEW.
 */
const ALL_NEW: Recording = {
  fresh: sql`recorded as (insert into usage_events (${COLUMNS}) select ${COLUMNS} from ev), fresh as (select * from ev)`,
  answer: sql`select key_id, org_id, '{}'::text[] as repeats from ev group by key_id, org_id`,
};

/**
 * Records a batch and bills the new events in ONE statement (see billUsageEvents). It answers a row per key billed
 * rather than per event: a row per event was ~4 µs an event of the embedded ledger's CPU, written by Postgres and
 * read back (docs/performance.md).
 */
async function billStatement(db: Kysely<DB>, events: readonly UsageToBill[], recording: Recording): Promise<KeyBilled[]> {
  const r = await sql<KeyBilled>`
    with ev as materialized (
      select e.*, k.org_id from ${recordRows("e", ROW_TYPE, await rowTypeOid(db), ROW_FIELDS, events, "ord")} join keys k on k.id = e.key_id
    ),
    ${recording.fresh},
    ledger as (
      insert into ledger_entries (org_id, key_id, kind, amount_micros, usage_event_id)
      select org_id, key_id, 'usage', -cost_micros, id from fresh order by ord
    ),
    balances as (
      update organizations o set balance_micros = o.balance_micros - s.cost
      from (select org_id, sum(cost_micros)::bigint as cost from fresh group by org_id) s
      where o.id = s.org_id and s.cost <> 0
    ),
    totals as (
      update keys k set spend_total_micros = k.spend_total_micros + s.cost
      from (select key_id, sum(cost_micros)::bigint as cost from fresh group by key_id) s
      where k.id = s.key_id and s.cost <> 0
    ),
    monthly as (
      insert into key_monthly_spend (key_id, month, spend_micros)
      select key_id, month, sum(cost_micros)::bigint from fresh group by key_id, month
      on conflict (key_id, month) do update set spend_micros = key_monthly_spend.spend_micros + excluded.spend_micros
    )
    ${recording.answer}`.execute(db);
  return r.rows;
}

/**
 * The row type's OID, read once per database. Postgres (15, and PGlite's 17) does not hold the OID an array's
 * binary form names against the type it is cast to, so a type made again under a running process (migrations
 * stepped down and up: record-rows.test.ts) leaves a stale one harmless; the OID is sent as the format asks.
 */
const rowTypeOids = new WeakMap<Kysely<DB>, Promise<number>>();

function rowTypeOid(db: Kysely<DB>): Promise<number> {
  let oid = rowTypeOids.get(db);
  if (oid === undefined) {
    oid = compositeTypeOid(db, ROW_TYPE);
    oid.catch(() => rowTypeOids.delete(db));
    rowTypeOids.set(db, oid);
  }
  return oid;
}
