// A bench script run as plain `node <bundle>`, not through tsx: the timing probes and the bare relay. With
// `--import tsx`, tsx's module loader runs in a thread of its own with a heap of its own; its collections land on
// the load core while a probe waits for a chunk, and a chunk read late counts against the target as held back
// (docs/performance.md: 15-24 against 5-11 of 3,800 chunks held back through the same split stack), and beside the
// relay they would be a cost the gateway, run from its bundle, does not have. Built once per run, inside the
// project (npm packages stay external and resolve from its node_modules), removed at the end.
import { build } from "esbuild";
import path from "node:path";
import { NODE_BUNDLE } from "../deploy/build.ts";
import { tempDir } from "./cleanup.ts";

const built = new Map<string, Promise<string>>();

/** The bundle of a bench script (e.g. "bench/stream-probe.ts", relative to `root`), built on first use. */
export function probeBundle(root: string, file: string): Promise<string> {
  const key = path.join(root, file);
  let bundle = built.get(key);
  if (bundle === undefined) {
    bundle = (async () => {
      const outfile = path.join(tempDir(path.join(root, "dist"), "bench-probe-"), `${path.basename(file, ".ts")}.mjs`);
      await build({ ...NODE_BUNDLE, entryPoints: [key], outfile, logLevel: "warning" });
      return outfile;
    })();
    built.set(key, bundle);
  }
  return bundle;
}
