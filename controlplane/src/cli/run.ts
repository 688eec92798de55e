import { openDatabase } from "../db/connect.ts";
import type { Database } from "../db/connect.ts";
import { ControlError } from "../errors.ts";
import { loadOrCreateKeySecret } from "../key-secret.ts";
import { formatMicrosAsUsd, parseUsdToMicros } from "../money.ts";
import { addCredit, createOrganization, listOrganizations } from "../services/orgs.ts";
import { reconcile } from "../services/reconcile.ts";
import { UsageError, parseArgs, required } from "./args.ts";
import type { ParsedArgs } from "./args.ts";
import { notifyChanged } from "./notify.ts";
import { DIFFERENCES_FOUND, formatReconciliation } from "./reconcile-report.ts";

export const USAGE = `Usage: svc <command> [options]

Commands:
  org create --name <name> [--credit <usd>] [--management-key <svc_mgmt_...>]
      Create an organization with its first management key (printed once) and opening credit.
      Without --management-key a key is generated; a key given here ends up in shell history.
  org list
      Organizations with balance and number of live keys.
  credit add --org <org_id> --amount <usd> [--note <text>]
      Add credit (a negative amount records a correction).
  reconcile
      Compare the ledger with the usage events: each event debited once at its cost, no usage debit without
      its event, balances equal to credits minus debits, keys' monthly and total spend equal to their events.
      Exit code 3 when anything differs.
  help
      This text.

Options:
  --json    machine-readable output

Amounts are USD, written like 25 or 12.50 (up to 6 decimals).
Environment: DATABASE_URL (Postgres; unset: embedded database in SVC_DATA_DIR, default ./.svc-data),
  SVC_KEY_HASH_SECRET (required with DATABASE_URL to create keys), NATS_URL and SVC_NATS_PREFIX (notify a
  running control plane of the change).`;

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
}

type Env = Readonly<Record<string, string | undefined>>;

const FLAGS = { name: "value", credit: "value", "management-key": "value", org: "value", amount: "value", note: "value", json: "bool", help: "bool" } as const;

/** Runs one CLI invocation. Exit codes: 0 ok, 1 failed, 2 wrong usage, 3 reconcile found differences. Never throws. */
export async function runCli(argv: readonly string[], env: Env, io: CliIo): Promise<number> {
  let args: ParsedArgs;
  try {
    args = parseArgs(argv, FLAGS);
  } catch (err) {
    return usageFailure(err, io);
  }
  const command = args.words.join(" ");
  if (command === "help" || args.bools.has("help")) {
    io.out(USAGE);
    return 0;
  }
  try {
    switch (command) {
      case "org create":
        return await orgCreate(args, env, io);
      case "org list":
        return await orgList(args, env, io);
      case "credit add":
        return await creditAdd(args, env, io);
      case "reconcile":
        return await reconcileCommand(args, env, io);
      default:
        throw new UsageError(command === "" ? "no command given" : `unknown command: ${command}`);
    }
  } catch (err) {
    if (err instanceof UsageError) return usageFailure(err, io);
    io.err(`error: ${describe(err)}`);
    return 1;
  }
}

async function orgCreate(args: ParsedArgs, env: Env, io: CliIo): Promise<number> {
  const name = required(args, "name");
  const creditMicros = amount(args.values.get("credit") ?? "0", "--credit");
  if (creditMicros < 0) throw new UsageError("--credit cannot be negative");
  const managementKey = args.values.get("management-key");
  const dataDir = env["SVC_DATA_DIR"] || "./.svc-data";
  if (env["DATABASE_URL"] && !env["SVC_KEY_HASH_SECRET"]) {
    throw new Error("SVC_KEY_HASH_SECRET is required with DATABASE_URL: keys must be hashed with the control plane's secret");
  }
  const secret = loadOrCreateKeySecret(dataDir, env["SVC_KEY_HASH_SECRET"]);
  const created = await withDatabase(env, (database) => createOrganization(database.db, secret, { name, creditMicros, managementKey }));
  if (args.bools.has("json")) {
    io.out(JSON.stringify({ org_id: created.org.id, name: created.org.name, balance_micros: created.org.balanceMicros, management_key: created.managementKey }));
  } else {
    io.out(`Created organization ${created.org.id} (${created.org.name}) with ${formatMicrosAsUsd(created.org.balanceMicros)} credit.`);
    io.out(`Management key (shown only now; store it safely):`);
    io.out(created.managementKey);
  }
  await warnIfNotNotified(env, created.org.id, io);
  return 0;
}

async function orgList(args: ParsedArgs, env: Env, io: CliIo): Promise<number> {
  const orgs = await withDatabase(env, (database) => listOrganizations(database.db));
  if (args.bools.has("json")) {
    io.out(JSON.stringify(orgs.map((o) => ({ id: o.id, name: o.name, balance_micros: o.balanceMicros, inference_keys: o.inferenceKeys, management_keys: o.managementKeys, created_at: o.createdAt.toISOString() }))));
    return 0;
  }
  if (orgs.length === 0) {
    io.out("No organizations.");
    return 0;
  }
  const rows = [["ID", "NAME", "BALANCE", "KEYS", "MGMT KEYS", "CREATED"]];
  for (const o of orgs) {
    rows.push([o.id, o.name, formatMicrosAsUsd(o.balanceMicros), String(o.inferenceKeys), String(o.managementKeys), o.createdAt.toISOString().slice(0, 10)]);
  }
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? "").length))) ?? [];
  for (const r of rows) io.out(r.map((c, i) => c.padEnd(widths[i] ?? 0)).join("  ").trimEnd());
  return 0;
}

async function creditAdd(args: ParsedArgs, env: Env, io: CliIo): Promise<number> {
  const orgId = required(args, "org");
  const micros = amount(required(args, "amount"), "--amount");
  if (micros === 0) throw new UsageError("--amount must not be zero");
  const note = args.values.get("note") ?? null;
  const { balanceMicros } = await withDatabase(env, (database) => addCredit(database.db, orgId, micros, note));
  if (args.bools.has("json")) {
    io.out(JSON.stringify({ org_id: orgId, amount_micros: micros, balance_micros: balanceMicros }));
  } else {
    io.out(`${micros > 0 ? "Added" : "Deducted"} ${formatMicrosAsUsd(Math.abs(micros))} ${micros > 0 ? "to" : "from"} ${orgId}; balance is now ${formatMicrosAsUsd(balanceMicros)}.`);
  }
  await warnIfNotNotified(env, orgId, io);
  return 0;
}

async function reconcileCommand(args: ParsedArgs, env: Env, io: CliIo): Promise<number> {
  const report = await withDatabase(env, (database) => reconcile(database.db));
  if (args.bools.has("json")) io.out(JSON.stringify(report));
  else for (const line of formatReconciliation(report)) io.out(line);
  return report.differences.length === 0 ? 0 : DIFFERENCES_FOUND;
}

function amount(text: string, flag: string): number {
  try {
    return parseUsdToMicros(text);
  } catch (err) {
    throw new UsageError(`${flag}: ${err instanceof Error ? err.message : "not an amount"}`);
  }
}

async function withDatabase<T>(env: Env, fn: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: env["DATABASE_URL"] || undefined, dataDir: env["SVC_DATA_DIR"] || "./.svc-data", poolSize: 2 });
  try {
    return await fn(database);
  } finally {
    await database.close();
  }
}

async function warnIfNotNotified(env: Env, orgId: string, io: CliIo): Promise<void> {
  const warning = await notifyChanged(env, orgId);
  if (warning) io.err(warning);
}

function usageFailure(err: unknown, io: CliIo): number {
  io.err(`error: ${err instanceof Error ? err.message : "invalid usage"}`);
  io.err("");
  io.err(USAGE);
  return 2;
}

/** ControlError messages are written for people; other errors are summarised without internals or secrets. */
function describe(err: unknown): string {
  if (err instanceof ControlError) return err.message;
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? `: ${err.cause.message}` : "";
    return `${err.message}${cause}`;
  }
  return "unexpected failure";
}
