import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadOrCreateKeySecret } from "./key-secret.ts";

const dirs: string[] = [];
async function tempDir(): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), "svc-secret-"));
  dirs.push(d);
  return d;
}
afterEach(async () => {
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

describe("loadOrCreateKeySecret", () => {
  it("creates a 32-byte hex secret once (mode 0600) and returns the same one afterwards", async () => {
    const dir = join(await tempDir(), "nested");
    const first = loadOrCreateKeySecret(dir);
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(loadOrCreateKeySecret(dir)).toBe(first);
    expect((await readFile(join(dir, "key-hash-secret"), "utf8")).trim()).toBe(first);
    expect((await stat(join(dir, "key-hash-secret"))).mode & 0o777).toBe(0o600);
  });

  it("prefers the configured secret and writes nothing", async () => {
    const dir = await tempDir();
    expect(loadOrCreateKeySecret(dir, "configured-secret-value")).toBe("configured-secret-value");
    await expect(stat(join(dir, "key-hash-secret"))).rejects.toThrow();
  });

  it("treats an empty configured value as unset", async () => {
    expect(loadOrCreateKeySecret(await tempDir(), "")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a secret too short to be one", async () => {
    expect(() => loadOrCreateKeySecret(".", "short")).toThrow(/at least 16/);
  });
});
