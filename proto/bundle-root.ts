// Where the repository root is when a module runs from a bundle of deploy/build.ts (which replaces
// SVC_BUNDLE_ROOT with the way from the bundle's folder to the root); undefined when it runs from source.
declare const SVC_BUNDLE_ROOT: string | undefined;

/** The repository root as a file URL: from a bundle, or from a source module `depth` folders below the root. */
export function projectRoot(moduleUrl: string, depth: number): URL {
  return typeof SVC_BUNDLE_ROOT === "string" ? new URL(SVC_BUNDLE_ROOT, moduleUrl) : new URL("../".repeat(depth), moduleUrl);
}

/** Whether this code runs from a bundle of deploy/build.ts. */
export const bundled = typeof SVC_BUNDLE_ROOT === "string";
