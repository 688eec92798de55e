import { sql } from "kysely";
import type { Kysely, RawBuilder } from "kysely";
import { toInt } from "../int.ts";
import type { DB, SqlNumber } from "../schema.ts";

/**
 * The queries behind `svc reconcile`: each finds one kind of disagreement between the ledger, the usage events and
 * the totals kept beside them. Each returns the first `limit` rows found and how many there are in all. Set-based
 * (one scan per check), so they stay cheap on large ledgers.
 */

export interface Found<T> {
  total: number;
  rows: T[];
}

type Row = Record<string, SqlNumber | string | null> & { total_found: SqlNumber };

async function found<T>(db: Kysely<DB>, query: RawBuilder<Row>, map: (r: Row) => T): Promise<Found<T>> {
  const { rows } = await query.execute(db);
  return { total: rows.length === 0 ? 0 : toInt(rows[0]!.total_found), rows: rows.map(map) };
}

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));
const int = (v: unknown): number => toInt(v as SqlNumber | null);

/** Applied usage events with no ledger debit at all. */
export function eventsWithoutDebit(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select e.id, e.org_id, e.key_id, e.cost_micros, count(*) over () as total_found
      from usage_events e
      where not exists (select 1 from ledger_entries l where l.usage_event_id = e.id)
      order by e.created_at, e.id limit ${limit}`,
    (r) => ({ eventId: str(r.id), orgId: str(r.org_id), keyId: str(r.key_id), costMicros: int(r.cost_micros) }),
  );
}

/** Usage events that more than one ledger entry names (the unique constraint should make this impossible). */
export function eventsWithSeveralDebits(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select l.usage_event_id, count(*) as entries, sum(l.amount_micros) as debited, count(*) over () as total_found
      from ledger_entries l where l.usage_event_id is not null
      group by l.usage_event_id having count(*) > 1
      order by l.usage_event_id limit ${limit}`,
    (r) => ({ eventId: str(r.usage_event_id), entries: int(r.entries), debitedMicros: int(r.debited) }),
  );
}

/** Ledger entries naming an event whose amount, organization, key or kind is not that event's debit. */
export function debitsDifferingFromEvent(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select l.id as entry_id, e.id as event_id, l.kind, l.amount_micros, e.cost_micros,
        l.org_id as entry_org, e.org_id as event_org, l.key_id as entry_key, e.key_id as event_key, count(*) over () as total_found
      from ledger_entries l join usage_events e on e.id = l.usage_event_id
      where l.amount_micros <> -e.cost_micros or l.org_id <> e.org_id or l.key_id is distinct from e.key_id or l.kind <> 'usage'
      order by l.id limit ${limit}`,
    (r) => ({
      entryId: int(r.entry_id),
      eventId: str(r.event_id),
      kind: str(r.kind),
      amountMicros: int(r.amount_micros),
      eventCostMicros: int(r.cost_micros),
      entryOrgId: str(r.entry_org),
      eventOrgId: str(r.event_org),
      entryKeyId: str(r.entry_key),
      eventKeyId: str(r.event_key),
    }),
  );
}

/** Usage debits with no usage event behind them (none named, or the named one absent). */
export function debitsWithoutEvent(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select l.id, l.org_id, l.key_id, l.amount_micros, l.usage_event_id, count(*) over () as total_found
      from ledger_entries l
      where l.kind = 'usage' and (l.usage_event_id is null or not exists (select 1 from usage_events e where e.id = l.usage_event_id))
      order by l.id limit ${limit}`,
    (r) => ({ entryId: int(r.id), orgId: str(r.org_id), keyId: str(r.key_id), amountMicros: int(r.amount_micros), usageEventId: r.usage_event_id === null ? null : str(r.usage_event_id) }),
  );
}

/** Usage events whose key does not exist, or belongs to another organization than the one the event names. */
export function eventsWithUnknownOwner(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select e.id, e.org_id, e.key_id, k.org_id as key_org, count(*) over () as total_found
      from usage_events e left join keys k on k.id = e.key_id
      where k.id is null or k.org_id <> e.org_id
      order by e.created_at, e.id limit ${limit}`,
    (r) => ({ eventId: str(r.id), orgId: str(r.org_id), keyId: str(r.key_id), keyOrgId: r.key_org === null ? null : str(r.key_org) }),
  );
}

/** Ledger entries whose organization does not exist, or whose key does not exist or is another organization's. */
export function entriesWithUnknownOwner(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select l.id, l.org_id, l.key_id, l.kind, l.amount_micros, o.id as org_found, k.org_id as key_org,
        count(*) over () as total_found
      from ledger_entries l left join organizations o on o.id = l.org_id left join keys k on k.id = l.key_id
      where o.id is null or (l.key_id is not null and (k.id is null or k.org_id <> l.org_id))
      order by l.id limit ${limit}`,
    (r) => ({
      entryId: int(r.id),
      orgId: str(r.org_id),
      orgExists: r.org_found !== null,
      keyId: r.key_id === null ? null : str(r.key_id),
      keyOrgId: r.key_org === null ? null : str(r.key_org),
      kind: str(r.kind),
      amountMicros: int(r.amount_micros),
    }),
  );
}

/** Organizations whose balance is not the sum of their ledger (credits minus debits). */
export function balancesDifferingFromLedger(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select o.id, o.balance_micros, coalesce(s.total, 0) as ledger_micros, count(*) over () as total_found
      from organizations o
      left join (select org_id, sum(amount_micros) as total from ledger_entries group by org_id) s on s.org_id = o.id
      where o.balance_micros <> coalesce(s.total, 0)
      order by o.id limit ${limit}`,
    (r) => ({ orgId: str(r.id), balanceMicros: int(r.balance_micros), ledgerMicros: int(r.ledger_micros) }),
  );
}

/** Keys whose spend in a UTC month is not the sum of their usage events dated in that month. */
export function monthlySpendDifferingFromEvents(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select coalesce(m.key_id, e.key_id) as key_id, coalesce(m.month, e.month) as month,
        coalesce(m.spend_micros, 0) as recorded_micros, coalesce(e.total, 0) as events_micros, count(*) over () as total_found
      from key_monthly_spend m
      full outer join (
        select key_id, to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, sum(cost_micros) as total
        from usage_events group by 1, 2
      ) e on e.key_id = m.key_id and e.month = m.month
      where coalesce(m.spend_micros, 0) <> coalesce(e.total, 0)
      order by 1, 2 limit ${limit}`,
    (r) => ({ keyId: str(r.key_id), month: str(r.month), recordedMicros: int(r.recorded_micros), eventsMicros: int(r.events_micros) }),
  );
}

/** Keys whose total spend is not the sum of all their usage events. */
export function totalSpendDifferingFromEvents(db: Kysely<DB>, limit: number) {
  return found(
    db,
    sql<Row>`select k.id, k.spend_total_micros, coalesce(e.total, 0) as events_micros, count(*) over () as total_found
      from keys k
      left join (select key_id, sum(cost_micros) as total from usage_events group by key_id) e on e.key_id = k.id
      where k.spend_total_micros <> coalesce(e.total, 0)
      order by k.id limit ${limit}`,
    (r) => ({ keyId: str(r.id), recordedMicros: int(r.spend_total_micros), eventsMicros: int(r.events_micros) }),
  );
}

/** What was compared, so a clean report says how much it covered. */
export async function reconciledCounts(db: Kysely<DB>): Promise<{ usageEvents: number; ledgerEntries: number; organizations: number; keys: number }> {
  const { rows } = await sql<Record<string, SqlNumber>>`select
      (select count(*) from usage_events) as usage_events,
      (select count(*) from ledger_entries) as ledger_entries,
      (select count(*) from organizations) as organizations,
      (select count(*) from keys) as keys`.execute(db);
  const r = rows[0]!;
  return { usageEvents: int(r["usage_events"]), ledgerEntries: int(r["ledger_entries"]), organizations: int(r["organizations"]), keys: int(r["keys"]) };
}
