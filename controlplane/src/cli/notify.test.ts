import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { connect } from "nats";
import type { NatsConnection } from "nats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subjects } from "../../../proto/subjects.ts";
import { notifyChanged } from "./notify.ts";

// Runs against a real nats-server (no mocks); skipped where the binary is not installed.
const NATS_BIN = ["/usr/sbin/nats-server", "/usr/bin/nats-server", "/usr/local/bin/nats-server"].find((p) => existsSync(p));

let server: ChildProcess | undefined;
let url = "";
beforeAll(async () => {
  if (!NATS_BIN) return;
  const child = spawn(NATS_BIN, ["-a", "127.0.0.1", "-p", "-1"], { stdio: ["ignore", "pipe", "pipe"] });
  server = child;
  url = await new Promise<string>((resolve, reject) => {
    let log = "";
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      const m = /Listening for client connections on [^\s]*:(\d+)/.exec(log);
      if (m) resolve(`nats://127.0.0.1:${m[1]}`);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", () => reject(new Error(`nats-server exited: ${log}`)));
  });
}, 20_000);
afterAll(() => {
  server?.kill("SIGTERM");
});

describe.skipIf(!NATS_BIN)("notifyChanged", () => {
  it("publishes the organization id on <prefix>.control.changed", async () => {
    const prefix = `t${Date.now()}`;
    const nc: NatsConnection = await connect({ servers: url });
    try {
      const sub = nc.subscribe(subjects(prefix).changed, { max: 1 });
      await nc.flush();
      const received = (async () => {
        for await (const m of sub) return new TextDecoder().decode(m.data);
        return undefined;
      })();
      expect(await notifyChanged({ NATS_URL: url, SVC_NATS_PREFIX: prefix }, "org_abc")).toBeUndefined();
      expect(await received).toBe("org_abc");
    } finally {
      await nc.close();
    }
  });

  it("returns a warning, not an error, when NATS is unreachable", async () => {
    const warning = await notifyChanged({ NATS_URL: "nats://127.0.0.1:1" }, "org_abc");
    expect(warning).toMatch(/could not reach NATS/);
  });
});

describe("notifyChanged without NATS_URL", () => {
  it("does nothing", async () => {
    expect(await notifyChanged({}, "org_abc")).toBeUndefined();
  });
});
