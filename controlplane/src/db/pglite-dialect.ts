import { parse, protocol, type PGlite } from "@electric-sql/pglite";
import { CompiledQuery, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } from "kysely";
import type { DatabaseConnection, DatabaseIntrospector, Dialect, DialectAdapter, Driver, QueryCompiler, QueryResult, TransactionSettings } from "kysely";

const { serialize } = protocol;

/** Statements kept prepared, the least recently used closed past this: the ledger's and the snapshot's are a few. */
export const PREPARED_MAX = 128;

/**
 * Errors of a statement prepared before the schema changed under it, which preparing it again cures: its result
 * columns changed (a table altered since), or a type it names was dropped, and perhaps made again under a new OID
 * (a parameter's type is fixed when the statement is prepared).
 */
function isStale(err: unknown): boolean {
  const { code, message } = err as { code?: unknown; message?: unknown };
  if (typeof message !== "string") return false;
  return (code === "0A000" && message === "cached plan must not change result type") || (code === "XX000" && message.startsWith("cache lookup failed for type "));
}

export interface PgliteOptions {
  /**
   * Sleep for a moment before each statement (yieldCore). For the embedded ledger, whose thread shares the data
   * plane's core: the kernel lets a thread that is owed time run out its slice before a thread it has just woken,
   * so the data plane's main thread, woken by a stream's next chunk, waited behind a batch's statements and the
   * delta's reads run back to back (2.5-4.9 ms at a time on a slow machine: docs/performance.md). Sleeping between
   * them lets it in after one statement at most.
   */
  yieldsCore?: boolean;
}

const nap = new Int32Array(new SharedArrayBuffer(4));

/**
 * Blocks this thread for the shortest sleep the kernel gives (~50-70 µs: its timer slack), so a thread waiting for
 * the core runs first; Node has no sched_yield, and a timeout of 0 returns without sleeping. Costs the caller a few
 * µs of CPU and the sleep's wall time.
 */
function yieldCore(): void {
  Atomics.wait(nap, 0, 0, 0.001);
}

/** Statement names are numbered for the whole process, so that two sets of statements on one backend never meet. */
let nextName = 0;

interface Prepared {
  readonly name: string;
  /** The type of each parameter, as the database inferred it: how each value is written. */
  readonly paramTypes: readonly number[];
}

/**
 * Runs every statement as a named prepared statement, prepared the first time its text is seen. PGlite's own
 * `query` parses, describes and plans each statement again, in six calls into its WebAssembly: in the embedded
 * ledger that was most of a usage batch's fixed cost (~1.4 ms of CPU for a statement billing one event against
 * ~0.75 prepared; ~49 against ~43 µs an event in batches of 256: docs/performance.md). Values are written by
 * PGlite's serializers and rows read by its parsers, as its `query` does.
 */
export class PreparedStatements {
  readonly #client: PGlite;
  readonly #yieldsCore: boolean;
  /** By statement text, least recently used first. */
  readonly #prepared = new Map<string, Prepared>();

  constructor(client: PGlite, opts: PgliteOptions = {}) {
    this.#client = client;
    this.#yieldsCore = opts.yieldsCore ?? false;
  }

  /** How many statements are prepared now. */
  get size(): number {
    return this.#prepared.size;
  }

  /** Runs `text` with `params`; PGlite's lock keeps anything else off the backend meanwhile. */
  query(text: string, params: readonly unknown[]): Promise<QueryResult<unknown>> {
    // refused as PGlite's own query refuses it: a closed database's protocol calls would never answer
    if (this.#client.closed) return Promise.reject(new Error("PGlite is closed"));
    return this.#client.runExclusive(() => {
      if (this.#client.closed) throw new Error("PGlite is closed");
      if (this.#yieldsCore) yieldCore();
      return this.#run(text, params, true);
    });
  }

  async #run(text: string, params: readonly unknown[], mayRetry: boolean): Promise<QueryResult<unknown>> {
    const statement = await this.#statement(text);
    const values = params.map((v, i) => this.#write(v, statement.paramTypes[i]));
    let messages;
    try {
      messages = await this.#client.execProtocolStream(
        Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]),
        {},
      );
    } catch (err) {
      if (!mayRetry || !isStale(err)) throw err;
      await this.#close(text);
      return this.#run(text, params, false);
    }
    const result = parse.parseResults(messages, this.#client.parsers)[0];
    const rows = (result?.rows ?? []) as unknown[];
    // as kysely-pglite-dialect did: a count only when there is one
    return result?.affectedRows ? { rows, numAffectedRows: BigInt(result.affectedRows) } : { rows };
  }

  async #statement(text: string): Promise<Prepared> {
    const known = this.#prepared.get(text);
    if (known !== undefined) {
      this.#prepared.delete(text);
      this.#prepared.set(text, known);
      return known;
    }
    if (this.#prepared.size >= PREPARED_MAX) await this.#close(this.#prepared.keys().next().value!);
    const name = `prepared_${nextName++}`;
    const messages = await this.#client.execProtocolStream(Buffer.concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: "S", name }), serialize.sync()]), { syncToFs: false });
    const prepared = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#prepared.set(text, prepared);
    return prepared;
  }

  async #close(text: string): Promise<void> {
    const prepared = this.#prepared.get(text);
    if (prepared === undefined) return;
    this.#prepared.delete(text);
    await this.#client.execProtocolStream(Buffer.concat([serialize.close({ type: "S", name: prepared.name }), serialize.sync()]), { syncToFs: false });
  }

  /** A byte array goes as it is, a binary parameter (record-rows.ts), as the `pg` driver sends a Buffer. */
  #write(value: unknown, type: number | undefined): string | Uint8Array | null {
    if (value === null || value === undefined) return null;
    if (value instanceof Uint8Array) return value;
    const write = type === undefined ? undefined : this.#client.serializers[type];
    return write ? (write(value) as string) : String(value);
  }
}

/**
 * Kysely on an embedded PGlite: one backend, so one connection, which a query or a transaction holds until it is
 * released (the next waits its turn), and statements prepared (PreparedStatements).
 */
export class PgliteDialect implements Dialect {
  readonly #client: PGlite;
  readonly #opts: PgliteOptions;

  constructor(client: PGlite, opts: PgliteOptions = {}) {
    this.#client = client;
    this.#opts = opts;
  }

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PgliteDriver(this.#client, this.#opts);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }

  createIntrospector(db: Parameters<Dialect["createIntrospector"]>[0]): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

class PgliteConnection implements DatabaseConnection {
  readonly statements: PreparedStatements;

  constructor(statements: PreparedStatements) {
    this.statements = statements;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    return this.statements.query(query.sql, query.parameters) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(query: CompiledQuery, chunkSize = 100): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(query);
    for (let i = 0; i < rows.length; i += chunkSize) yield { rows: rows.slice(i, i + chunkSize) };
  }
}

class PgliteDriver implements Driver {
  readonly #client: PGlite;
  readonly #connection: PgliteConnection;
  #held = false;
  readonly #waiting: ((c: DatabaseConnection) => void)[] = [];

  constructor(client: PGlite, opts: PgliteOptions) {
    this.#client = client;
    this.#connection = new PgliteConnection(new PreparedStatements(client, opts));
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (!this.#held) {
      this.#held = true;
      return this.#connection;
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  async releaseConnection(): Promise<void> {
    const next = this.#waiting.shift();
    if (next) next(this.#connection);
    else this.#held = false;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw(settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : "begin"));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  async destroy(): Promise<void> {
    await this.#client.close();
  }
}
