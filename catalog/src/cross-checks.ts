import type { CatalogProblem } from "./errors.ts";
import type { Model, Provider } from "./schema.ts";

/** Rules that span entries: names must reach exactly one model, and every model must reach a provider. */

export interface ProviderEntry {
  readonly file: string;
  readonly provider: Provider;
}
export interface ModelEntry {
  readonly file: string;
  /** The provider the file is named after: models/<namespace>.yaml. */
  readonly namespace: string;
  readonly model: Model;
}

export function crossProblems(providers: readonly ProviderEntry[], modelFiles: readonly { file: string; namespace: string }[], models: readonly ModelEntry[]): CatalogProblem[] {
  const out: CatalogProblem[] = [];
  const namespaces = new Set<string>();
  for (const { file, provider } of providers) {
    if (namespaces.has(provider.namespace)) {
      out.push({ file, entry: provider.namespace, field: "namespace", message: "is declared twice" });
    }
    namespaces.add(provider.namespace);
  }

  for (const { file, namespace } of modelFiles) {
    if (!namespaces.has(namespace)) {
      out.push({ file, entry: null, field: null, message: `names provider "${namespace}", which providers.yaml does not declare` });
    }
  }

  const slugOwners = new Map<string, ModelEntry>();
  for (const entry of models) {
    const { file, namespace, model } = entry;
    if (model.provider !== namespace) {
      out.push({ file, entry: model.slug, field: "slug", message: `must start with "${namespace}/" (the file belongs to provider ${namespace})` });
    }
    const first = slugOwners.get(model.slug);
    if (first !== undefined) {
      out.push({ file, entry: model.slug, field: "slug", message: `is already used in ${first.file}` });
    } else {
      slugOwners.set(model.slug, entry);
    }
  }

  const aliasOwners = new Map<string, ModelEntry>();
  for (const entry of models) {
    const { file, model } = entry;
    for (const alias of model.aliases) {
      const problem = aliasProblem(alias, entry, slugOwners, aliasOwners, namespaces);
      if (problem !== null) {
        out.push({ file, entry: model.slug, field: "aliases", message: problem });
      } else {
        aliasOwners.set(alias, entry);
      }
    }
  }
  return out;
}

function aliasProblem(
  alias: string,
  entry: ModelEntry,
  slugOwners: ReadonlyMap<string, ModelEntry>,
  aliasOwners: ReadonlyMap<string, ModelEntry>,
  namespaces: ReadonlySet<string>,
): string | null {
  if (slugOwners.has(alias)) return `"${alias}" is a model slug, so it cannot also be an alias`;
  const slash = alias.indexOf("/");
  const namespace = slash === -1 ? null : alias.slice(0, slash);
  if (namespace !== null && namespaces.has(namespace)) {
    return `"${alias}" reads as a slug of provider ${namespace}; give a bare name (set aliases explicitly)`;
  }
  const owner = aliasOwners.get(alias);
  if (owner === undefined) return null;
  if (owner === entry) return `lists "${alias}" twice`;
  return `"${alias}" is already an alias of ${owner.model.slug} (${owner.file}); give the bare name to one model only`;
}
