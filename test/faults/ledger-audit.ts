import pg from "pg";
import type { Outcome } from "./load.ts";

/** The ledger as one organization's usage left it, per request id. */
export interface LedgerView {
  byRequest: Map<string, { events: number; costMicros: number; debits: number; debitedMicros: number; replicaIds: string[] }>;
  balanceMicros: number;
}

export async function readLedger(databaseUrl: string): Promise<LedgerView> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on("error", () => undefined);
  await client.connect();
  try {
    // one consistent view: the balance and the events it includes
    await client.query("begin isolation level repeatable read");
    const org = await client.query<{ b: string }>("select balance_micros::text as b from organizations");
    if (org.rows.length !== 1) throw new Error(`expected one organization, found ${org.rows.length}`);
    const rows = await client.query<{ request_id: string; events: number; cost: string; debits: number; debited: string; replicas: string[] }>(`
      select e.request_id, count(distinct e.id)::int as events, sum(distinct e.cost_micros)::text as cost,
             count(l.id)::int as debits, coalesce(sum(l.amount_micros), 0)::text as debited, array_agg(distinct e.replica_id) as replicas
      from usage_events e left join ledger_entries l on l.usage_event_id = e.id
      group by e.request_id`);
    await client.query("commit");
    const byRequest: LedgerView["byRequest"] = new Map();
    for (const r of rows.rows) byRequest.set(r.request_id, { events: r.events, costMicros: Number(r.cost), debits: r.debits, debitedMicros: Number(r.debited), replicaIds: r.replicas });
    return { byRequest, balanceMicros: Number(org.rows[0]!.b) };
  } finally {
    await client.end();
  }
}

export interface Audit {
  /** 200 responses whose request is not in the ledger. */
  missing: string[];
  /** Requests billed more than once (several events or several debits). */
  duplicated: string[];
  /** 200 responses billed another amount than the client was told. */
  wrongAmount: { requestId: string; told: number; event: number; debited: number }[];
  /** Ledger events of requests that did not end in a 200 (work the provider did for a request cut short). */
  beyondSuccesses: { requestId: string; costMicros: number }[];
  /** The balance the ledger should show: opening credit − what 200s cost − what those other requests cost. */
  expectedBalanceMicros: number;
  balanceMicros: number;
}

export function audit(outcomes: readonly Outcome[], view: LedgerView, openingMicros: number): Audit {
  const successes = outcomes.filter((o) => o.result === "200");
  const told = new Map(successes.map((o) => [o.requestId ?? "", o.costMicros ?? -1]));
  const missing: string[] = [];
  const wrongAmount: Audit["wrongAmount"] = [];
  for (const [requestId, cost] of told) {
    const row = view.byRequest.get(requestId);
    if (!row) missing.push(requestId);
    else if (row.costMicros !== cost || row.debitedMicros !== -cost) wrongAmount.push({ requestId, told: cost, event: row.costMicros, debited: row.debitedMicros });
  }
  const duplicated = [...view.byRequest].filter(([, r]) => r.events !== 1 || r.debits !== 1).map(([id]) => id);
  const beyondSuccesses = [...view.byRequest].filter(([id]) => !told.has(id)).map(([requestId, r]) => ({ requestId, costMicros: r.costMicros }));
  const spent = [...told.values()].reduce((a, b) => a + b, 0) + beyondSuccesses.reduce((a, b) => a + b.costMicros, 0);
  return { missing, duplicated, wrongAmount, beyondSuccesses, expectedBalanceMicros: openingMicros - spent, balanceMicros: view.balanceMicros };
}
