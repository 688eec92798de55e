import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql, type Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "./connect.ts";
import { writePgliteTemplate } from "./pglite-template.ts";
import type { DB } from "./schema.ts";

const dirs: string[] = [];
/** Set by initdb and kept by a copy: two directories unpacked from one template share it, two initdbs do not. */
const systemId = async (db: Kysely<DB>) => String((await sql<{ id: string }>`select system_identifier::text as id from pg_control_system()`.execute(db)).rows[0]?.id);
const tempDir = () => {
  const d = mkdtempSync(join(tmpdir(), "svc-pglite-tpl-test-"));
  dirs.push(d);
  return d;
};
let template: string;
let templateId: string;
beforeAll(async () => {
  template = join(tempDir(), "template.tar.gz");
  await writePgliteTemplate(template);
  const probe = await openDatabase({ dataDir: tempDir(), pgliteTemplate: template });
  templateId = await systemId(probe.db);
  await probe.close();
}, 120_000);
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("a PGlite data directory started from the build's template", () => {
  it("is a working database: migrated on open, and what it stores is there when it is opened again without the template", async () => {
    expect(statSync(template).size).toBeGreaterThan(100_000);
    const dataDir = tempDir();
    const first = await openDatabase({ dataDir, pgliteTemplate: template });
    expect(first.kind).toBe("pglite");
    expect(first.migrated.length).toBeGreaterThan(0);
    expect(await systemId(first.db)).toBe(templateId);
    await sql`insert into organizations (id, name, balance_micros) values ('org_tpl', 'Template', 123)`.execute(first.db);
    await first.close();

    const again = await openDatabase({ dataDir, pgliteTemplate: join(dataDir, "no-such-template.tar.gz") });
    expect(again.migrated).toEqual([]);
    expect(await systemId(again.db)).toBe(templateId);
    const rows = await sql<{ balance_micros: string | number }>`select balance_micros from organizations where id = 'org_tpl'`.execute(again.db);
    expect(rows.rows.map((r) => Number(r.balance_micros))).toEqual([123]);
    await again.close();
  }, 60_000);

  it("falls back to PGlite's own initialisation when the template is damaged", async () => {
    const damaged = join(tempDir(), "damaged.tar.gz");
    writeFileSync(damaged, "not a tarball");
    const dataDir = tempDir();
    const db = await openDatabase({ dataDir, pgliteTemplate: damaged });
    expect(db.migrated.length).toBeGreaterThan(0);
    expect((await sql<{ one: number }>`select 1 as one`.execute(db.db)).rows).toEqual([{ one: 1 }]);
    expect(await systemId(db.db)).not.toBe(templateId);
    await db.close();
    expect(existsSync(join(dataDir, "pglite", "PG_VERSION"))).toBe(true);
  }, 60_000);
});
