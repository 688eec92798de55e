import { sql } from "kysely";
import type { RawBuilder } from "kysely";

/** A column of rows sent as arrays (unnestRows): its name and the SQL type its values are sent as. */
export interface UnnestColumn<Row> {
  name: string;
  type: "text" | "bigint" | "integer" | "boolean" | "timestamptz";
  value: (row: Row) => string | number | boolean | null;
}

/**
 * `unnest($1::<type>[], …) with ordinality as <alias>(<columns>, <ordinality>)`: rows as one array parameter per
 * column rather than one parameter per value (a batch of a thousand usage events was 21,000 parameters, and
 * building, compiling and serialising them was a quarter of the control plane's CPU), numbered 1, 2, … in the
 * order given in the last column. Times go as ISO text and are cast.
 */
export function unnestRows<Row>(alias: string, columns: readonly UnnestColumn<Row>[], rows: readonly Row[], ordinality: string): RawBuilder<unknown> {
  const arrays = columns.map((c) => sql`${rows.map(c.value)}::${sql.raw(c.type)}[]`);
  const names = [...columns.map((c) => sql.ref(c.name)), sql.ref(ordinality)];
  return sql`unnest(${sql.join(arrays)}) with ordinality as ${sql.raw(alias)}(${sql.join(names)})`;
}
