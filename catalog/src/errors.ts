/** One thing wrong with the catalog, located precisely enough to fix without searching. */
export interface CatalogProblem {
  /** Path relative to the catalog folder, e.g. `models/openai.yaml`. */
  readonly file: string;
  /** Model slug or provider namespace (`#3` when the entry has none), or null for the file itself. */
  readonly entry: string | null;
  /** Dotted field path inside the entry, e.g. `rates.input`, or null for the entry as a whole. */
  readonly field: string | null;
  readonly message: string;
}

export function formatProblem(p: CatalogProblem): string {
  return [p.file, p.entry, p.field].filter((part): part is string => part !== null).join(": ") + ": " + p.message;
}

/**
 * Thrown by loadCatalog when the data is unusable. It lists every problem at once, so start-up stops with
 * one message that names each entry and field rather than failing on the first.
 */
export class CatalogError extends Error {
  override readonly name = "CatalogError";
  readonly code = "catalog_invalid";
  readonly problems: readonly CatalogProblem[];

  constructor(dir: string, problems: readonly CatalogProblem[], options?: { cause?: unknown }) {
    const count = problems.length === 1 ? "1 problem" : `${problems.length} problems`;
    super(`invalid routing catalog at ${dir} (${count}):\n${problems.map((p) => `  - ${formatProblem(p)}`).join("\n")}`, options);
    this.problems = Object.freeze([...problems]);
  }
}
