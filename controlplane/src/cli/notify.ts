import { subjects } from "../../../proto/subjects.ts";
import { connectNats } from "../../../proto/transport-nats.ts";

/**
 * Tells a running control plane (split mode) that an organization changed behind its back, so it republishes it
 * to the data planes. Returns a warning when that was not possible; the database change stands either way.
 */
export async function notifyChanged(env: Readonly<Record<string, string | undefined>>, orgId: string): Promise<string | undefined> {
  const servers = env["NATS_URL"];
  if (!servers) return undefined;
  try {
    const names = subjects(env["SVC_NATS_PREFIX"] ?? "svc");
    const connecting = connectNats({ servers, subjects: names, name: "svc-cli", ensureUsageStream: false });
    const transport = await withTimeout(connecting, 5_000).catch((err: unknown) => {
      // a connection that arrives after we gave up would keep the process alive
      void connecting.then((late) => late.close(), () => undefined);
      throw err;
    });
    transport.publish(names.changed, new TextEncoder().encode(orgId));
    await transport.close(); // drains, so the message is on the wire before we exit
    return undefined;
  } catch {
    return "warning: could not reach NATS to notify the control plane; data planes see the change after the next full snapshot (control plane restart)";
  }
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("timeout")), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e instanceof Error ? e : new Error("connect failed"));
      },
    );
  });
}
