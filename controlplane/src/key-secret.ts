import { randomBytes } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";

const MIN_LENGTH = 16;

/**
 * The secret keys are hashed with. A configured value (SVC_KEY_HASH_SECRET) wins; otherwise, for the embedded
 * mode, `<dataDir>/key-hash-secret` is read, or created once with 32 random bytes (hex, mode 0600). Losing that
 * file invalidates every key, so it is never rewritten. Throws on a secret too short to be a secret.
 */
export function loadOrCreateKeySecret(dataDir: string, envValue?: string): string {
  if (envValue !== undefined && envValue.length > 0) return checked(envValue, "SVC_KEY_HASH_SECRET");
  const file = join(dataDir, "key-hash-secret");
  const existing = readIfPresent(file);
  if (existing !== undefined) return checked(existing, file);
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  try {
    // "wx": two processes starting together must not each write their own secret.
    const fd = openSync(file, "wx", 0o600);
    writeSync(fd, `${secret}\n`);
    closeSync(fd);
    return secret;
  } catch (err) {
    if (typeof err === "object" && err !== null && "code" in err && err.code === "EEXIST") {
      return checked(readIfPresent(file) ?? "", file);
    }
    throw err;
  }
}

function readIfPresent(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8").trim();
  } catch (err) {
    if (typeof err === "object" && err !== null && "code" in err && err.code === "ENOENT") return undefined;
    throw err;
  }
}

function checked(secret: string, source: string): string {
  if (secret.length < MIN_LENGTH) throw new Error(`key-hash secret from ${source} must have at least ${MIN_LENGTH} characters`);
  return secret;
}
