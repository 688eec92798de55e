import type { Catalog } from "../../../catalog/src/index.ts";

interface ProviderAccess {
  baseUrl: string;
  credentials: readonly string[];
  next: number;
}

/** `<NAMESPACE>_API_KEY` / `<NAMESPACE>_BASE_URL`: the namespace upper-cased, other characters as `_`. */
export function envName(namespace: string, suffix: "API_KEY" | "BASE_URL"): string {
  return `${namespace.toUpperCase().replace(/[^A-Z0-9]/g, "_")}_${suffix}`;
}

/**
 * Provider credentials from the environment; they never leave this object's memory (not in logs, errors, usage
 * events or snapshots). Several comma-separated credentials per provider are used in turn.
 */
export class CredentialPool {
  readonly #byProvider = new Map<string, ProviderAccess>();

  constructor(catalog: Catalog, env: Readonly<Record<string, string | undefined>>) {
    for (const [ns, provider] of catalog.providers) {
      const credentials = (env[envName(ns, "API_KEY")] ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
      if (credentials.length === 0) continue;
      const baseUrl = env[envName(ns, "BASE_URL")]?.trim() || provider.base_url;
      this.#byProvider.set(ns, { baseUrl, credentials, next: 0 });
    }
  }

  has(namespace: string): boolean {
    return this.#byProvider.has(namespace);
  }

  /** The next credential for this provider, or undefined when it has none. */
  pick(namespace: string): { baseUrl: string; credential: string } | undefined {
    const a = this.#byProvider.get(namespace);
    if (!a) return undefined;
    const credential = a.credentials[a.next % a.credentials.length]!;
    a.next = (a.next + 1) % a.credentials.length;
    return { baseUrl: a.baseUrl, credential };
  }
}
