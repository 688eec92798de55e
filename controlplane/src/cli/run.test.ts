import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../../../test/harness/database.ts";
import type { FreshDatabase } from "../../../test/harness/database.ts";
import { openDatabase } from "../db/connect.ts";
import * as ledger from "../db/repositories/ledger.ts";
import { authenticate } from "../services/keys.ts";
import { loadOrCreateKeySecret } from "../key-secret.ts";
import { runCli } from "./run.ts";

let fresh: FreshDatabase;
let env: Record<string, string>;
beforeAll(async () => {
  fresh = await freshDatabase();
  env = { SVC_DATA_DIR: fresh.dataDir, ...(fresh.databaseUrl ? { DATABASE_URL: fresh.databaseUrl, SVC_KEY_HASH_SECRET: "cli-test-secret-0123456789" } : {}) };
});
afterAll(async () => {
  await fresh.cleanup();
});

async function svc(...argv: string[]): Promise<{ code: number; out: string[]; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err: err.join("\n") };
}

function parsedJson(lines: string[]): unknown {
  return JSON.parse(lines.join("\n"));
}

describe("svc CLI", () => {
  it("creates an organization, adds credit, lists it, and the printed key works", { timeout: 120_000 }, async () => {
    const created = await svc("org", "create", "--name", "Acme Corp", "--credit", "25.50", "--json");
    expect(created).toMatchObject({ code: 0, err: "" });
    const org = parsedJson(created.out) as { org_id: string; management_key: string; balance_micros: number };
    expect(org.balance_micros).toBe(25_500_000);
    expect(org.management_key).toMatch(/^svc_mgmt_/);

    const added = await svc("credit", "add", "--org", org.org_id, "--amount=0.29", "--note", "top up");
    expect(added.code).toBe(0);
    expect(added.out.join("\n")).toContain("balance is now $25.79");
    expect((await svc("credit", "add", "--org", org.org_id, "--amount", "-0.79")).code).toBe(0);

    const listed = await svc("org", "list", "--json");
    expect(listed.code).toBe(0);
    expect(parsedJson(listed.out)).toEqual([expect.objectContaining({ id: org.org_id, name: "Acme Corp", balance_micros: 25_000_000, management_keys: 1, inference_keys: 0 })]);
    const table = await svc("org", "list");
    expect(table.out[0]).toMatch(/^ID\s+NAME\s+BALANCE/);
    expect(table.out[1]).toContain("$25.00");

    const human = await svc("org", "create", "--name", "Second", "--management-key", "svc_mgmt_operator_chosen_01");
    expect(human.code).toBe(0);
    expect(human.out).toContain("svc_mgmt_operator_chosen_01");

    const secret = fresh.databaseUrl ? "cli-test-secret-0123456789" : loadOrCreateKeySecret(fresh.dataDir);
    const database = await openDatabase({ databaseUrl: fresh.databaseUrl, dataDir: fresh.dataDir });
    try {
      expect((await authenticate(database.db, secret, org.management_key))?.orgId).toBe(org.org_id);
      expect((await ledger.listLedgerEntries(database.db, org.org_id)).map((e) => [e.kind, e.amountMicros])).toEqual([
        ["credit", 25_500_000],
        ["credit", 290_000],
        ["adjustment", -790_000],
      ]);
    } finally {
      await database.close();
    }
  });

  it.each([
    [["org", "create"], "--name is required"],
    [["org", "create", "--name", "x", "--credit", "ten"], "--credit: not an amount"],
    [["org", "create", "--name", "x", "--credit", "-1"], "cannot be negative"],
    [["credit", "add", "--org", "org_x", "--amount", "1.0000001"], "more than 6 decimals"],
    [["credit", "add", "--org", "org_x", "--amount", "0"], "must not be zero"],
    [["credit", "add", "--org", "org_x"], "--amount is required"],
    [["org", "delete"], "unknown command: org delete"],
    [["org", "list", "--verbose"], "unknown option --verbose"],
    [["org", "create", "--name"], "--name needs a value"],
    [[], "no command given"],
  ])("svc %j → exit 2 (%s)", async (argv, message) => {
    const r = await svc(...argv);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).toContain("Usage: svc");
  });

  it.each([
    [["credit", "add", "--org", "org_missing", "--amount", "5"], "No such organization."],
    [["org", "create", "--name", "x", "--management-key", "svc_mgmt_short"], "must start with svc_mgmt_"],
  ])("svc %j → exit 1 (%s)", { timeout: 60_000 }, async (argv, message) => {
    const r = await svc(...argv);
    expect(r.code).toBe(1);
    expect(r.err).toContain(message);
  });

  it("prints help with exit 0", async () => {
    const r = await svc("help");
    expect(r.code).toBe(0);
    expect(r.out.join("\n")).toContain("org create --name");
  });
});
