import { sql } from "kysely";
import type { Kysely } from "kysely";

// Frozen in time: never edit after release; change the schema with a new migration.
// Kysely<any> by convention: a migration must not depend on the current table types.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("organizations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("balance_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("org_id", "text", (c) => c.notNull().references("organizations.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('inference', 'management')`))
    .addColumn("name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("hash", "text", (c) => c.notNull().unique())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("models", "jsonb")
    .addColumn("limits", "jsonb", (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn("spend_total_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("revoked_at", "timestamptz")
    .execute();
  await db.schema.createIndex("keys_org_id_idx").on("keys").columns(["org_id", "created_at"]).execute();

  await db.schema
    .createTable("ledger_entries")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("org_id", "text", (c) => c.notNull().references("organizations.id"))
    .addColumn("key_id", "text", (c) => c.references("keys.id"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('credit', 'usage', 'adjustment')`))
    .addColumn("amount_micros", "bigint", (c) => c.notNull())
    .addColumn("usage_event_id", "text", (c) => c.unique())
    .addColumn("note", "text")
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    // The sign is part of the meaning: a positive usage entry would silently credit an organization.
    .addCheckConstraint(
      "ledger_entries_sign_check",
      sql`(kind = 'credit' and amount_micros > 0) or (kind = 'usage' and amount_micros <= 0) or kind = 'adjustment'`,
    )
    .execute();
  await db.schema.createIndex("ledger_entries_org_id_idx").on("ledger_entries").columns(["org_id", "id"]).execute();

  await db.schema
    .createTable("usage_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("org_id", "text", (c) => c.notNull().references("organizations.id"))
    .addColumn("key_id", "text", (c) => c.notNull().references("keys.id"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("model", "text", (c) => c.notNull())
    .addColumn("endpoint", "text", (c) => c.notNull())
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("streamed", "boolean", (c) => c.notNull())
    .addColumn("input_tokens", "bigint")
    .addColumn("output_tokens", "bigint")
    .addColumn("cached_input_tokens", "bigint")
    .addColumn("cache_write_tokens", "bigint")
    .addColumn("reasoning_tokens", "bigint")
    .addColumn("cost_micros", "bigint", (c) => c.notNull())
    .addColumn("latency_ms", "integer", (c) => c.notNull())
    .addColumn("upstream_latency_ms", "integer", (c) => c.notNull())
    .addColumn("error_code", "text")
    .addColumn("replica_id", "text", (c) => c.notNull())
    .addColumn("request_id", "text", (c) => c.notNull())
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("applied_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex("usage_events_provider_created_at_idx")
    .on("usage_events")
    .columns(["provider", "created_at"])
    .execute();
  await db.schema
    .createIndex("usage_events_replica_applied_at_idx")
    .on("usage_events")
    .columns(["replica_id", "applied_at"])
    .execute();

  await db.schema
    .createTable("key_monthly_spend")
    .addColumn("key_id", "text", (c) => c.notNull().references("keys.id"))
    .addColumn("month", "text", (c) => c.notNull().check(sql`month ~ '^[0-9]{4}-[0-9]{2}$'`))
    .addColumn("spend_micros", "bigint", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("key_monthly_spend_pk", ["key_id", "month"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("key_monthly_spend").execute();
  await db.schema.dropTable("usage_events").execute();
  await db.schema.dropTable("ledger_entries").execute();
  await db.schema.dropTable("keys").execute();
  await db.schema.dropTable("organizations").execute();
}
