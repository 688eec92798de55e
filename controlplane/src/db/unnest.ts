import { sql } from "kysely";
import type { RawBuilder } from "kysely";

/** A column of a multi-row insert: its name and the SQL type its values are sent as (an array of it). */
export interface UnnestColumn<Row> {
  name: string;
  type: "text" | "bigint" | "integer" | "boolean" | "timestamptz";
  value: (row: Row) => string | number | boolean | null;
}

/**
 * `insert into <table> (<columns>) select * from unnest($1::<type>[], …)`: one array parameter per column
 * rather than one parameter per value. A batch of a thousand usage events was 21,000 parameters, and building,
 * compiling and serialising them was a quarter of the control plane's CPU. Times go as ISO text and are cast.
 */
export function unnestInsert<Row>(table: string, columns: readonly UnnestColumn<Row>[], rows: readonly Row[]): RawBuilder<unknown> {
  const arrays = columns.map((c) => {
    const values = rows.map(c.value);
    return sql`${values}::${sql.raw(c.type)}[]`;
  });
  return sql`insert into ${sql.table(table)} (${sql.join(columns.map((c) => sql.ref(c.name)))}) select * from unnest(${sql.join(arrays)})`;
}
