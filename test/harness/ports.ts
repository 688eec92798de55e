import { createServer } from "node:net";

/**
 * Ports this process (a test file's, or the bench's) has handed out: the OS may give a port just closed to the next
 * bind to port 0, and a cluster asking for several in a row once got one port twice (two data planes, one EADDRINUSE).
 */
const handedOut = new Set<number>();

/**
 * A port free right now on 127.0.0.1 (the OS picks it) and not handed out before by this process; a process that
 * restarts keeps it, so clients find it again.
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = createServer();
      s.once("error", reject);
      s.listen(0, "127.0.0.1", () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    return port;
  }
}

/** Resolves once something accepts TCP connections on the port, or rejects after `timeoutMs`. */
export async function waitForPort(port: number, timeoutMs: number): Promise<void> {
  const { connect } = await import("node:net");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = connect({ host: "127.0.0.1", port }, () => {
        s.destroy();
        resolve(true);
      });
      s.once("error", () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on 127.0.0.1:${port} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
