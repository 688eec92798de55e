import type { Catalog } from "../../../catalog/src/index.ts";
import type { UpstreamTarget } from "./types.ts";

interface Credential {
  readonly value: string;
  /** Epoch ms until which the provider's refusal keeps it out of rotation; 0: in rotation. */
  quarantinedUntil: number;
  /** Grows with each refusal in a row, so a dead credential is retried less and less often. */
  strikes: number;
}

interface ProviderAccess {
  baseUrl: string;
  credentials: readonly Credential[];
  next: number;
}

export interface Access {
  baseUrl: string;
  credential: string;
}

/**
 * An access aimed at one model. Written field by field: `{ ...access, upstreamModel, … }` cost ~0.9 µs a request
 * on Node 20, since V8 adds each property after a spread on a slow path (~0.45 µs each; docs/performance.md).
 */
export function upstreamTarget(a: Access, upstreamModel: string, maxOutputTokens: number): UpstreamTarget {
  return { baseUrl: a.baseUrl, credential: a.credential, upstreamModel, maxOutputTokens };
}

/** First quarantine after a 401/403; doubles per refusal in a row, up to QUARANTINE_MAX_MS. */
export const QUARANTINE_MS = 30_000;
export const QUARANTINE_MAX_MS = 10 * 60_000;

/** `<NAMESPACE>_API_KEY` / `<NAMESPACE>_BASE_URL`: the namespace upper-cased, other characters as `_`. */
export function envName(namespace: string, suffix: "API_KEY" | "BASE_URL"): string {
  return `${namespace.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_${suffix}`;
}

/**
 * Provider credentials from the environment; they never leave this object's memory (not in logs, errors, usage
 * events or snapshots). Several comma-separated credentials per provider are used in turn. A credential the
 * provider refuses (401/403) is quarantined; once its quarantine ends the next request that picks it is its
 * re-check. A provider with every credential quarantined has no usable credential.
 */
export class CredentialPool {
  readonly #byProvider = new Map<string, ProviderAccess>();
  readonly #now: () => number;
  readonly #quarantineMs: number;

  constructor(catalog: Catalog, env: Readonly<Record<string, string | undefined>>, now: () => number = Date.now, quarantineMs = QUARANTINE_MS) {
    this.#now = now;
    this.#quarantineMs = quarantineMs;
    for (const [ns, provider] of catalog.providers) {
      const values = (env[envName(ns, "API_KEY")] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
      if (values.length === 0) continue;
      const baseUrl = env[envName(ns, "BASE_URL")]?.trim() || provider.base_url;
      this.#byProvider.set(ns, { baseUrl, credentials: values.map((value) => ({ value, quarantinedUntil: 0, strikes: 0 })), next: 0 });
    }
  }

  /** Whether the provider has a credential in rotation now. */
  has(namespace: string): boolean {
    const a = this.#byProvider.get(namespace);
    if (!a) return false;
    const now = this.#now();
    return a.credentials.some((c) => c.quarantinedUntil <= now);
  }

  /** The next credential in rotation, skipping `exclude` (the one a retry moves away from); undefined: none. */
  pick(namespace: string, exclude?: string): Access | undefined {
    const a = this.#byProvider.get(namespace);
    if (!a) return undefined;
    const now = this.#now();
    const n = a.credentials.length;
    for (let i = 0; i < n; i++) {
      const c = a.credentials[(a.next + i) % n]!;
      if (c.quarantinedUntil > now || c.value === exclude) continue;
      a.next = (a.next + i + 1) % n;
      return { baseUrl: a.baseUrl, credential: c.value };
    }
    return undefined;
  }

  /** The provider refused this credential (401/403): out of rotation for a while. */
  quarantine(namespace: string, credential: string): void {
    const c = this.#find(namespace, credential);
    if (!c) return;
    c.quarantinedUntil = this.#now() + Math.min(this.#quarantineMs * 2 ** c.strikes, QUARANTINE_MAX_MS);
    c.strikes++;
  }

  /** The provider accepted this credential: its record is clean again. */
  succeeded(namespace: string, credential: string): void {
    const c = this.#find(namespace, credential);
    if (c && c.strikes > 0) {
      c.strikes = 0;
      c.quarantinedUntil = 0;
    }
  }

  #find(namespace: string, credential: string): Credential | undefined {
    return this.#byProvider.get(namespace)?.credentials.find((c) => c.value === credential);
  }
}
