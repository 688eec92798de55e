// Everything the benchmark must undo (databases, NATS streams, temp dirs), undone on success, failure and
// Ctrl-C alike. Child processes are stopped first, so nothing still holds what the later steps remove.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { stopAll } from "./children.ts";

interface Task {
  name: string;
  run: () => Promise<void> | void;
}

const tasks: Task[] = [];
/** Steps a phase runs itself (stopping its own stack): on Ctrl-C, exiting before they end would leave half of one behind. */
const runningEarly = new Set<Promise<void>>();
let running: Promise<void> | undefined;

/** Registers an undo step; the returned function runs it now (and only once) instead of at the end. */
export function onCleanup(name: string, run: () => Promise<void> | void): () => Promise<void> {
  const task: Task = { name, run };
  tasks.push(task);
  return async () => {
    const i = tasks.indexOf(task);
    if (i === -1) return;
    tasks.splice(i, 1);
    const run = guarded(task);
    runningEarly.add(run);
    try {
      await run;
    } finally {
      runningEarly.delete(run);
    }
  };
}

async function guarded(task: Task): Promise<void> {
  try {
    await task.run();
  } catch (err) {
    // one failed step must not keep the others from running; say what was left behind
    console.error(`cleanup: ${task.name} failed: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** A new directory in `parent` (made if missing), named from `prefix`, removed with everything in it at the end. */
export function tempDir(parent: string, prefix: string): string {
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(path.join(parent, prefix));
  onCleanup(`temp dir ${dir}`, () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Stops every child, then runs the registered steps newest first, and waits for any already under way. Safe to call more than once. */
export function cleanupAll(): Promise<void> {
  running ??= (async () => {
    await stopAll();
    while (tasks.length > 0) await guarded(tasks.pop()!);
    await Promise.all(runningEarly);
  })();
  return running;
}
