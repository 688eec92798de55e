import { sql } from "kysely";
import type { QueryExecutorProvider, RawBuilder } from "kysely";

/** A field of the composite type rows are sent as (recordRows): its name, its SQL type, and how a row gives it. */
export interface RecordField<Row> {
  name: string;
  type: FieldType;
  value: (row: Row) => string | number | boolean | Date | null;
}

type FieldType = "text" | "bigint" | "integer" | "boolean" | "timestamptz";

/** Postgres's fixed type OIDs (pg_type.dat), which the binary record format names for each field. */
const TYPE_OID: Readonly<Record<FieldType, number>> = { text: 25, bigint: 20, integer: 23, boolean: 16, timestamptz: 1184 };
const INT4_MIN = -(2 ** 31);
const INT4_MAX = 2 ** 31 - 1;
const TWO_32 = 2 ** 32;
/** 2000-01-01T00:00:00Z, Postgres's epoch for timestamps. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

/**
 * `unnest($1::<type>[]) with ordinality as <alias>(<fields>, <ordinality>)`: rows as ONE parameter, an array of a
 * composite type in Postgres's binary format, numbered 1, 2, … in the order given in the last column. The usage
 * batch was an array per column before: twenty functions unnested side by side, each value put into and read back
 * from a tuple store of its own, and each parsed from text. In the embedded ledger that was ~16 µs of CPU an event,
 * against ~10 sent this way (docs/performance.md); text records were no cheaper than the arrays. The `pg` driver
 * and PGlite both send a byte array as a binary parameter.
 *
 * `typeOid` is the composite type's OID in this database (compositeTypeOid); `fields` must be its attributes, in
 * order. A value its field cannot hold throws an error carrying the SQLSTATE Postgres gives such a value (a data
 * exception, class 22), so the billing isolates it as it does the database's own refusals.
 */
export function recordRows<Row>(
  alias: string,
  typeName: string,
  typeOid: number,
  fields: readonly RecordField<Row>[],
  rows: readonly Row[],
  ordinality: string,
): RawBuilder<unknown> {
  const names = [...fields.map((f) => sql.ref(f.name)), sql.ref(ordinality)];
  return sql`unnest(${encodeRecords(typeOid, fields, rows)}::${sql.raw(typeName)}[]) with ordinality as ${sql.raw(alias)}(${sql.join(names)})`;
}

/** The OID of the composite type `typeName` in this database (a number Postgres assigned when it created the type). */
export async function compositeTypeOid(db: QueryExecutorProvider, typeName: string): Promise<number> {
  const r = await sql<{ oid: number | string }>`select to_regtype(${typeName})::oid as oid`.execute(db);
  const oid = Number(r.rows[0]?.oid ?? 0);
  if (!oid) throw new Error(`type ${typeName} does not exist`);
  return oid;
}

/**
 * A one-dimensional array of records as `array_send` writes it: dimensions, element type, then each element's
 * length and its `record_send` bytes (field count, and each field's type OID, length and binary value; -1 for NULL).
 */
function encodeRecords<Row>(typeOid: number, fields: readonly RecordField<Row>[], rows: readonly Row[]): Buffer {
  // an upper bound: 3 bytes per UTF-16 unit of text, 8 per number, 12 of header per field
  let bound = 20 + rows.length * (8 + fields.length * 12);
  const values: (string | number | boolean | Date | null)[] = new Array(rows.length * fields.length);
  let v = 0;
  for (const row of rows) {
    for (const f of fields) {
      const value = f.value(row);
      values[v++] = value;
      bound += typeof value === "string" ? 3 * value.length : 8;
    }
  }
  const b = Buffer.allocUnsafe(bound);
  let at = b.writeInt32BE(1, 0); // dimensions
  at = b.writeInt32BE(0, at); // no NULL elements (a record's NULL fields are its own)
  at = b.writeUInt32BE(typeOid, at);
  at = b.writeInt32BE(rows.length, at);
  at = b.writeInt32BE(1, at); // lower bound
  v = 0;
  for (let r = 0; r < rows.length; r++) {
    const lengthAt = at;
    at = b.writeInt32BE(fields.length, at + 4);
    for (const f of fields) {
      const value = values[v++]!;
      at = b.writeUInt32BE(TYPE_OID[f.type], at);
      if (value === null) {
        at = b.writeInt32BE(-1, at);
        continue;
      }
      const start = at + 4;
      const end = writeValue(b, start, f, value);
      b.writeInt32BE(end - start, at);
      at = end;
    }
    b.writeInt32BE(at - lengthAt - 4, lengthAt);
  }
  return b.subarray(0, at);
}

function writeValue(b: Buffer, at: number, f: RecordField<never>, value: string | number | boolean | Date): number {
  switch (f.type) {
    case "text":
      if (typeof value !== "string") throw refused("22P02", f, value);
      return at + b.write(value, at, "utf8");
    case "boolean":
      if (typeof value !== "boolean") throw refused("22P02", f, value);
      return b.writeUInt8(value ? 1 : 0, at);
    case "integer":
      if (!Number.isInteger(value)) throw refused("22P02", f, value);
      if ((value as number) < INT4_MIN || (value as number) > INT4_MAX) throw refused("22003", f, value);
      return b.writeInt32BE(value as number, at);
    case "bigint":
      if (!Number.isInteger(value)) throw refused("22P02", f, value);
      // beyond 2^53 a number is not the integer it was meant to be
      if (!Number.isSafeInteger(value)) throw refused("22003", f, value);
      return writeInt64(b, at, value as number);
    case "timestamptz": {
      const ms = value instanceof Date ? value.getTime() : NaN;
      if (!Number.isFinite(ms)) throw refused("22007", f, value);
      // microseconds since 2000: a safe integer within ~285 years of it, and a BigInt's product beyond
      const micros = (ms - PG_EPOCH_MS) * 1000;
      return Number.isSafeInteger(micros) ? writeInt64(b, at, micros) : b.writeBigInt64BE(BigInt(ms - PG_EPOCH_MS) * 1000n, at);
    }
  }
}

/** A safe integer as a big-endian int64 (two's complement): the high word by division, the low by ToUint32. */
function writeInt64(b: Buffer, at: number, n: number): number {
  b.writeInt32BE(Math.floor(n / TWO_32), at);
  return b.writeUInt32BE(n >>> 0, at + 4);
}

/** An error as the database reports one (its SQLSTATE in `code`), for a value its column cannot hold. */
function refused(code: string, f: RecordField<never>, value: unknown): Error {
  return Object.assign(new Error(`value for ${f.name} (${f.type}) out of range or of the wrong type: ${typeof value}`), { code });
}
