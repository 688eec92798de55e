// How the bench starts a gateway process: as the image runs it (`node dist/<bundle>`, from `npm run build`) by
// default, or from the sources through tsx as the npm scripts do (`--from source`), to compare the two.
import path from "node:path";
import { ENTRIES, buildBundles } from "../deploy/build.ts";
import { benchNodeArgs, tsx } from "./children.ts";
import { tempDir } from "./cleanup.ts";

export type GatewayFrom = "bundle" | "source";

let from: GatewayFrom = "bundle";
let bundleDir: Promise<string> | undefined;
/** Bundles already built for another root (a baseline revision's worktree, see baseline.ts). */
const prebuilt = new Map<string, string>();

export function usePrebuiltBundles(root: string, dir: string): void {
  prebuilt.set(root, dir);
}

export function setGatewayFrom(f: GatewayFrom): void {
  from = f;
}

export function gatewayFrom(): GatewayFrom {
  return from;
}

/** Bundles built once per run, inside the project (they import npm packages from its node_modules), removed at the end. */
function bundles(root: string): Promise<string> {
  bundleDir ??= (async () => {
    const dir = tempDir(path.join(root, "dist"), "bench-");
    await buildBundles(dir);
    return dir;
  })();
  return bundleDir;
}

/** The command for one of the gateway's entry files (e.g. "dataplane/src/main.ts"). */
export async function gatewayCommand(root: string, entry: string): Promise<[string, string[]]> {
  const built = prebuilt.get(root);
  if (from === "source" && built === undefined) return tsx(entry);
  const bundle = ENTRIES[entry];
  if (!bundle) throw new Error(`deploy/build.ts has no bundle for ${entry}`);
  return [process.execPath, [...benchNodeArgs(), path.join(built ?? (await bundles(root)), bundle)]];
}
