// `npm run build`: the gateway's processes as plain JavaScript, one bundle each, for the image and the benchmark.
// Running the TypeScript through tsx costs a loader thread (~25–35 MB of RSS per process) and esbuild's
// keepNames wrappers on the hot path (~5 % of the data plane's CPU; docs/performance.md). npm packages stay
// external: node_modules is resolved at run time as before. Files the processes read at run time (catalog/)
// are found from the repository root, which each bundle is told its way back to (SVC_BUNDLE_ROOT).
import { build, type BuildOptions } from "esbuild";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGLITE_TEMPLATE_FILE, writePgliteTemplate } from "../controlplane/src/db/pglite-template.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Source entry → bundle name. The image runs `node dist/<bundle>`; the embedded worker is loaded by its name. */
export const ENTRIES: Readonly<Record<string, string>> = {
  "dataplane/src/embedded-main.ts": "embedded.mjs",
  "dataplane/src/main.ts": "dataplane.mjs",
  "controlplane/src/main.ts": "controlplane.mjs",
  "controlplane/src/embedded/worker.ts": "controlplane-worker.mjs",
};

/** How every bundle is built (the gateway's, and the bench's probes): for Node 20, ESM, npm packages left external. */
export const NODE_BUNDLE = { bundle: true, platform: "node", format: "esm", target: "node20", packages: "external" } as const satisfies BuildOptions;

/**
 * Builds every entry into `outDir` (default dist/), and beside them the packed PGlite data directory an empty
 * embedded database starts from (controlplane/src/db/pglite-template.ts); returns the bundles' paths. `outDir`
 * must be inside the project: the bundles import npm packages from the node_modules above them.
 */
export async function buildBundles(outDir = path.join(ROOT, "dist")): Promise<string[]> {
  mkdirSync(outDir, { recursive: true });
  const toRoot = `${path.relative(outDir, ROOT).split(path.sep).join("/") || "."}/`;
  await build({
    entryPoints: Object.fromEntries(Object.entries(ENTRIES).map(([src, out]) => [out.replace(/\.mjs$/, ""), path.join(ROOT, src)])),
    outdir: outDir,
    outExtension: { ".js": ".mjs" },
    ...NODE_BUNDLE,
    splitting: false,
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "warning",
    define: { SVC_BUNDLE_ROOT: JSON.stringify(toRoot) },
  });
  await writePgliteTemplate(path.join(outDir, PGLITE_TEMPLATE_FILE));
  return Object.values(ENTRIES).map((f) => path.join(outDir, f));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const out = process.argv[2] ? path.resolve(process.argv[2]) : undefined;
  const files = await buildBundles(out);
  console.log(`built ${files.map((f) => path.relative(process.cwd(), f)).join(", ")}`);
}
