// Puts N inference keys straight into the control plane's database in one transaction: minting them one by one
// through the API would take minutes and measure the API, not the snapshot. Rows are what mintKey stores.
import pg from "pg";
import { newId } from "../controlplane/src/ids.ts";
import { displayPrefix, generateKey, hashKey } from "../proto/key-hash.ts";

export async function seedKeys(databaseUrl: string, keyHashSecret: string, count: number): Promise<{ ms: number }> {
  const started = performance.now();
  const ids: string[] = [];
  const names: string[] = [];
  const hashes: string[] = [];
  const prefixes: string[] = [];
  for (let i = 0; i < count; i++) {
    const plaintext = generateKey("inference");
    ids.push(newId("key"));
    names.push(`seeded-${i}`);
    hashes.push(hashKey(keyHashSecret, plaintext));
    prefixes.push(displayPrefix(plaintext));
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // the bootstrap organization: the control plane created it on its empty database
    const org = await client.query<{ id: string }>("select id from organizations order by created_at limit 1");
    const orgId = org.rows[0]?.id;
    if (orgId === undefined) throw new Error("the control plane's database has no organization to seed keys into");
    await client.query("begin");
    await client.query(
      `insert into keys (id, org_id, kind, name, hash, prefix)
       select id, $1, 'inference', name, hash, prefix from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as t(id, name, hash, prefix)`,
      [orgId, ids, names, hashes, prefixes],
    );
    await client.query("commit");
  } catch (err) {
    await client.query("rollback").catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
  return { ms: performance.now() - started };
}
