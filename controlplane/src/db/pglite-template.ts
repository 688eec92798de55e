import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { bundled } from "../../../proto/bundle-root.ts";

/**
 * A freshly initialised PGlite data directory, packed by `npm run build` beside the bundles. PGlite initialising
 * an empty directory itself (its initdb) takes a process from ~135 to ~800 MB RSS, and the process keeps much of
 * it: the embedded bundle's first start on an empty directory peaked at 769–771 MB and was ready in 5.0–5.3 s;
 * unpacked from the template, 423–434 MB and 3.5 s (docs/performance.md). That first start is the embedded
 * image's on an empty volume, where a memory limit would kill it.
 */
export const PGLITE_TEMPLATE_FILE = "pglite-datadir.tar.gz";

// Postgres's default 128 MB of shared buffers is sized for a server; the embedded ledger is small and this keeps
// the process ~120 MB smaller (measured: 295 → 178 MB RSS after opening an existing database)
const PGLITE_CONF = "shared_buffers=16MB";

/** Initialises a PGlite data directory in a temporary folder and writes it, gzipped, to `file`. */
export async function writePgliteTemplate(file: string): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "svc-pglite-template-"));
  try {
    const client = await PGlite.create(dir, { postgresqlconf: PGLITE_CONF });
    try {
      const packed = await client.dumpDataDir("gzip");
      writeFileSync(file, Buffer.from(await packed.arrayBuffer()));
    } finally {
      await client.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The template beside the running bundle (none when running from source: PGlite initialises the directory). */
export function shippedPgliteTemplate(): string | undefined {
  if (!bundled) return undefined;
  const file = fileURLToPath(new URL(`./${PGLITE_TEMPLATE_FILE}`, import.meta.url));
  return existsSync(file) ? file : undefined;
}

/**
 * Opens the PGlite data directory `dir`. An empty one is unpacked from `template` when there is one; if that
 * fails (a damaged file), the directory is emptied and PGlite initialises it itself, as it would without one.
 */
export async function createPglite(dir: string, template: string | undefined): Promise<PGlite> {
  if (template === undefined || existsSync(join(dir, "PG_VERSION"))) return PGlite.create(dir, { postgresqlconf: PGLITE_CONF });
  try {
    return await PGlite.create(dir, { postgresqlconf: PGLITE_CONF, loadDataDir: new Blob([readFileSync(template)]) });
  } catch {
    for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true, force: true });
    return PGlite.create(dir, { postgresqlconf: PGLITE_CONF });
  }
}
