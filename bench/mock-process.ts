// Starting the bench mock (bench/mock-server.ts) as a process of its own, pinned (core 0, with the servers, unless
// told otherwise).
import { spawnChild, tsx, waitForLine, type Child } from "./children.ts";
import type { StreamShape } from "./fast-mock.ts";

export interface MockProcess {
  child: Child;
  origin: string;
  pid: number;
}

export async function startMockProcess(opts: { root: string; name: string; shape: StreamShape; core?: number }): Promise<MockProcess> {
  const args = ["--chunks", String(opts.shape.chunks), "--delay-ms", String(opts.shape.delayMs)];
  const child = spawnChild(opts.name, tsx("bench/mock-server.ts", args), { core: opts.core ?? 0, cwd: opts.root });
  const [, port] = await waitForLine(child, /READY (\d+)/, 30_000);
  if (child.proc.pid === undefined) throw new Error(`${opts.name} has no pid`);
  return { child, origin: `http://127.0.0.1:${port}`, pid: child.proc.pid };
}
