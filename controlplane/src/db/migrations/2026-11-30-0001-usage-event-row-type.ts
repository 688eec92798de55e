import { sql } from "kysely";
import type { Kysely } from "kysely";

// Frozen in time: never edit after release; change the schema with a new migration.

/**
 * The composite type a usage batch's rows are sent as: one parameter, an array of these in Postgres's binary format,
 * instead of an array per column (record-rows.ts, usage-billing.ts). Its attributes are the batch's fields, in the
 * order the statement sends them; a test holds the two to the same list.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create type usage_event_row as (
    id text,
    key_id text,
    provider text,
    model text,
    endpoint text,
    status integer,
    streamed boolean,
    input_tokens bigint,
    output_tokens bigint,
    cached_input_tokens bigint,
    cache_write_tokens bigint,
    reasoning_tokens bigint,
    cost_micros bigint,
    latency_ms integer,
    upstream_latency_ms integer,
    error_code text,
    replica_id text,
    request_id text,
    created_at timestamptz,
    month text
  )`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop type usage_event_row`.execute(db);
}
