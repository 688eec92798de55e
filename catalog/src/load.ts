import { readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseDocument } from "yaml";
import type { z } from "zod";
import { projectRoot } from "../../proto/bundle-root.ts";
import { modelProblems } from "./consistency.ts";
import { crossProblems, type ModelEntry, type ProviderEntry } from "./cross-checks.ts";
import { CatalogError, type CatalogProblem } from "./errors.ts";
import { modelSchema, providerSchema, type Model, type Provider } from "./schema.ts";

export { parseDecimalMicros } from "./decimal.ts";

/** The catalog folder this module ships in (catalog/), also when it runs from a bundle in dist/. */
export const CATALOG_DIR = resolve(fileURLToPath(new URL("catalog/", projectRoot(import.meta.url, 2))));

export interface Catalog {
  readonly providers: ReadonlyMap<string, Provider>;
  /** In providers.yaml order, then file order. */
  readonly models: readonly Model[];
  /** A canonical slug or a bare alias → the model; undefined when neither names one. */
  resolve(idOrAlias: string): Model | undefined;
}

const PROVIDERS_FILE = "providers.yaml";
const MODELS_DIR = "models";

/**
 * Reads and validates the routing catalog synchronously (it is start-up configuration). Throws
 * CatalogError listing every problem, each naming its file, entry and field. The result is deeply frozen.
 */
export function loadCatalog(dir: string = CATALOG_DIR): Catalog {
  const problems: CatalogProblem[] = [];
  const providers = parseEntries(providerSchema, readYamlList(dir, PROVIDERS_FILE, "providers", problems), PROVIDERS_FILE, "namespace", problems).map(
    ({ file, value }): ProviderEntry => ({ file, provider: value }),
  );
  const order = providers.map((p) => p.provider.namespace);
  const modelFiles = listModelFiles(dir, problems).sort((a, b) => rank(order, a.namespace) - rank(order, b.namespace) || a.namespace.localeCompare(b.namespace));

  const models: ModelEntry[] = [];
  for (const { file, namespace } of modelFiles) {
    for (const { value: model } of parseEntries(modelSchema, readYamlList(dir, file, "models", problems), file, "slug", problems)) {
      for (const p of modelProblems(model)) problems.push({ file, entry: model.slug, field: p.field, message: p.message });
      models.push({ file, namespace, model });
    }
  }
  problems.push(...crossProblems(providers, modelFiles, models));
  if (problems.length > 0) throw new CatalogError(dir, problems);
  return buildCatalog(
    providers.map((p) => p.provider),
    models.map((m) => m.model),
  );
}

function buildCatalog(providerList: readonly Provider[], modelList: readonly Model[]): Catalog {
  const providers = new Map(providerList.map((p) => [p.namespace, deepFreeze(p)] as const));
  const models = deepFreeze([...modelList]);
  const byName = new Map<string, Model>();
  for (const m of models) {
    byName.set(m.slug, m);
    for (const alias of m.aliases) byName.set(alias, m);
  }
  return Object.freeze({ providers, models, resolve: (idOrAlias: string) => byName.get(idOrAlias) });
}

function rank(order: readonly string[], namespace: string): number {
  const i = order.indexOf(namespace);
  return i === -1 ? order.length : i;
}

function listModelFiles(dir: string, problems: CatalogProblem[]): { file: string; namespace: string }[] {
  let names: string[];
  try {
    names = readdirSync(join(dir, MODELS_DIR));
  } catch (err) {
    problems.push({ file: `${MODELS_DIR}/`, entry: null, field: null, message: `cannot be read: ${errorMessage(err)}` });
    return [];
  }
  const files: { file: string; namespace: string }[] = [];
  for (const name of names.filter((n) => !n.startsWith("."))) {
    const file = `${MODELS_DIR}/${name}`;
    if (name.endsWith(".yaml")) {
      files.push({ file, namespace: name.slice(0, -".yaml".length) });
    } else {
      // A stray .yml or .json here would otherwise drop a provider's models without a word.
      problems.push({ file, entry: null, field: null, message: "is not a <provider>.yaml file; only those belong in models/" });
    }
  }
  return files;
}

function readYamlList(dir: string, file: string, what: string, problems: CatalogProblem[]): readonly unknown[] {
  let text: string;
  try {
    text = readFileSync(join(dir, file), "utf8");
  } catch (err) {
    problems.push({ file, entry: null, field: null, message: `cannot be read: ${errorMessage(err)}` });
    return [];
  }
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    for (const e of doc.errors) problems.push({ file, entry: null, field: null, message: `is not valid YAML: ${e.message}` });
    return [];
  }
  const data: unknown = doc.toJS();
  if (!Array.isArray(data)) {
    problems.push({ file, entry: null, field: null, message: `must be a YAML list of ${what}` });
    return [];
  }
  return data;
}

function parseEntries<T>(schema: z.ZodType<T>, items: readonly unknown[], file: string, key: string, problems: CatalogProblem[]): { file: string; value: T }[] {
  const parsed: { file: string; value: T }[] = [];
  items.forEach((item, index) => {
    const result = schema.safeParse(item);
    if (result.success) {
      parsed.push({ file, value: result.data });
      return;
    }
    const entry = entryName(item, key, index);
    for (const issue of result.error.issues) {
      problems.push({ file, entry, field: fieldPath(issue.path), message: issue.message });
    }
  });
  return parsed;
}

function entryName(item: unknown, key: string, index: number): string {
  if (typeof item === "object" && item !== null && key in item) {
    const name: unknown = (item as Record<string, unknown>)[key];
    if (typeof name === "string" && name !== "") return name;
  }
  return `#${index + 1}`;
}

function fieldPath(path: readonly PropertyKey[]): string | null {
  if (path.length === 0) return null;
  return path.map((seg, i) => (typeof seg === "number" ? `[${seg}]` : i === 0 ? String(seg) : `.${String(seg)}`)).join("");
}

function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}
