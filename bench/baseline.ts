// The gateway of an earlier revision, run beside this one in the same run (`--baseline <rev>`), so a change's
// before and after are measured under the same load on the same machine. The revision is checked out into a
// temporary git worktree, sharing this checkout's node_modules when its package-lock.json is the same (else with
// its own, installed by `npm ci`), and built with its own deploy/build.ts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { onCleanup } from "./cleanup.ts";
import { usePrebuiltBundles } from "./gateway-command.ts";

export interface Baseline {
  /** The revision as asked for, and the commit it names. */
  rev: string;
  commit: string;
  /** The worktree: the root its gateways run from. */
  root: string;
}

/** Checks out and builds `rev`; everything is removed at the end of the run. */
export function prepareBaseline(root: string, rev: string): Baseline {
  const commit = execFileSync("git", ["-C", root, "rev-parse", "--verify", `${rev}^{commit}`], { encoding: "utf8" }).trim();
  const dir = mkdtempSync(path.join(os.tmpdir(), "svc-bench-baseline-"));
  execFileSync("git", ["-C", root, "worktree", "add", "--detach", "--force", dir, commit], { stdio: "ignore" });
  onCleanup(`baseline worktree ${dir}`, () => {
    execFileSync("git", ["-C", root, "worktree", "remove", "--force", dir], { stdio: "ignore" });
  });
  if (readFileSync(path.join(dir, "package-lock.json"), "utf8") === readFileSync(path.join(root, "package-lock.json"), "utf8")) {
    symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  } else {
    // another set of dependencies (one added or dropped since): the revision's own, from the registry
    console.error(`baseline: ${rev}'s package-lock.json differs from this checkout's; installing its dependencies (npm ci)`);
    execFileSync("npm", ["ci", "--no-audit", "--no-fund"], { cwd: dir, stdio: ["ignore", "ignore", "inherit"] });
  }
  const out = path.join(dir, "dist", "bench");
  execFileSync(process.execPath, ["--import", "tsx", path.join(dir, "deploy", "build.ts"), out], { cwd: dir, stdio: "ignore" });
  usePrebuiltBundles(dir, out);
  return { rev, commit: commit.slice(0, 12), root: dir };
}
