import { sql } from "kysely";
import type { Kysely } from "kysely";
import { KEY_PREFIX } from "../../../proto/key-hash.ts";
import * as ledger from "../db/repositories/ledger.ts";
import * as orgs from "../db/repositories/organizations.ts";
import type { Organization, OrganizationWithKeyCounts } from "../db/repositories/organizations.ts";
import type { DB } from "../db/schema.ts";
import { inTransaction } from "../db/transaction.ts";
import { ControlError } from "../errors.ts";
import { newId } from "../ids.ts";
import { mintKey } from "./keys.ts";

export interface CreateOrganizationInput {
  name: string;
  /** opening credit, micro-USD (0 for none) */
  creditMicros: number;
  /** an operator-chosen management key (must start svc_mgmt_); absent → one is generated */
  managementKey?: string | undefined;
}

export interface CreatedOrganization {
  org: Organization;
  managementKeyId: string;
  /** plaintext, returned only here */
  managementKey: string;
}

const MANAGEMENT_KEY_PATTERN = new RegExp(`^${KEY_PREFIX.management}[A-Za-z0-9_-]{8,200}$`);

/** An organization with its first management key and opening credit, in one transaction. */
export async function createOrganization(
  db: Kysely<DB>,
  secret: string,
  input: CreateOrganizationInput,
): Promise<CreatedOrganization> {
  const name = input.name.trim();
  if (name.length === 0 || name.length > 200) {
    throw new ControlError("invalid_request_error", "An organization name must have 1 to 200 characters.", { param: "name" });
  }
  assertMicros(input.creditMicros, "credit", { allowZero: true, allowNegative: false });
  if (input.managementKey !== undefined && !MANAGEMENT_KEY_PATTERN.test(input.managementKey)) {
    throw new ControlError(
      "invalid_request_error",
      `A management key must start with ${KEY_PREFIX.management} followed by at least 8 of A-Z a-z 0-9 _ -.`,
      { param: "management_key" },
    );
  }
  return inTransaction(db, async (trx) => {
    const org = await orgs.insertOrganization(trx, { id: newId("org"), name, balanceMicros: input.creditMicros });
    if (input.creditMicros > 0) {
      await ledger.insertLedgerEntry(trx, { orgId: org.id, kind: "credit", amountMicros: input.creditMicros, note: "opening credit" });
    }
    const minted = await mintKey(trx, secret, {
      orgId: org.id,
      kind: "management",
      name: "initial management key",
      models: null,
      limits: {},
      ...(input.managementKey === undefined ? {} : { plaintext: input.managementKey }),
    });
    return { org, managementKeyId: minted.key.id, managementKey: minted.plaintext };
  });
}

/**
 * Adds money to an organization: a positive amount is a 'credit', a negative one an 'adjustment' (a correction).
 * Ledger entry and balance change commit together. Returns the new balance.
 */
export async function addCredit(
  db: Kysely<DB>,
  orgId: string,
  micros: number,
  note?: string | null,
): Promise<{ balanceMicros: number }> {
  assertMicros(micros, "amount", { allowZero: false, allowNegative: true });
  return inTransaction(db, async (trx) => {
    const balanceMicros = await orgs.addToBalance(trx, orgId, micros);
    if (balanceMicros === undefined) throw new ControlError("organization_not_found", "No such organization.", { param: "org" });
    await ledger.insertLedgerEntry(trx, {
      orgId,
      kind: micros > 0 ? "credit" : "adjustment",
      amountMicros: micros,
      note: note ?? null,
    });
    return { balanceMicros };
  });
}

export function listOrganizations(db: Kysely<DB>): Promise<OrganizationWithKeyCounts[]> {
  return orgs.listOrganizationsWithKeyCounts(db);
}

export type BootstrapResult = { created: true; orgId: string; managementKey: string } | { created: false };

// Arbitrary constant naming the bootstrap critical section across every process sharing the database.
const BOOTSTRAP_LOCK = 0x5356_4300_0001n;

/**
 * First start: on a database without organizations, creates one with a management key (the given one, or a
 * generated one the caller must print once). Several processes starting together create exactly one.
 */
export async function bootstrap(
  db: Kysely<DB>,
  secret: string,
  opts: { managementKey?: string | undefined; creditMicros: number; name?: string },
): Promise<BootstrapResult> {
  return inTransaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(${sql.lit(BOOTSTRAP_LOCK)})`.execute(trx);
    if ((await orgs.countOrganizations(trx)) > 0) return { created: false };
    const created = await createOrganization(trx, secret, {
      name: opts.name ?? "default",
      creditMicros: opts.creditMicros,
      managementKey: opts.managementKey,
    });
    return { created: true, orgId: created.org.id, managementKey: created.managementKey };
  });
}

function assertMicros(v: number, param: string, opts: { allowZero: boolean; allowNegative: boolean }): void {
  const ok = Number.isSafeInteger(v) && (opts.allowNegative || v >= 0) && (opts.allowZero || v !== 0);
  if (!ok) {
    const rule = opts.allowNegative ? "a non-zero whole number of micro-USD" : "a non-negative whole number of micro-USD";
    throw new ControlError("invalid_request_error", `The ${param} must be ${rule}.`, { param });
  }
}
