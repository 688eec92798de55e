// The gateway of an earlier revision, run beside this one in the same run (`--baseline <rev>`), so a change's
// before and after are measured under the same load on the same machine. The revision is checked out into a
// temporary git worktree sharing this checkout's node_modules, and built with its own deploy/build.ts.
import { execFileSync } from "node:child_process";
import { mkdtempSync, symlinkSync } from "node:fs";
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
  // the same dependencies: a revision whose package-lock differs would need its own install
  symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"), "dir");
  const out = path.join(dir, "dist", "bench");
  execFileSync(process.execPath, ["--import", "tsx", path.join(dir, "deploy", "build.ts"), out], { cwd: dir, stdio: "ignore" });
  usePrebuiltBundles(dir, out);
  return { rev, commit: commit.slice(0, 12), root: dir };
}
