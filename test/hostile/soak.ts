/**
 * `npm run soak`: minutes of valid and hostile traffic mixed, against an embedded gateway in a child process
 * (so a crash is seen as the child's exit, and its memory and handles are its own). Not part of CI.
 *
 *   SOAK_MINUTES      how long the traffic runs (default 3; fractions allowed)
 *   SOAK_CONCURRENCY  clients sending at once (default 8)
 *
 * Prints cases tried per kind, status counts, 5xx, crashes, the child's heap, RSS and active handles at the
 * start, middle and end, anything a provider was sent that it must not see, and whether the money adds up:
 * the sum of the costs stated to the client equals the key's spend. Exits 1 if any of that is wrong.
 */
import { fork, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import fc from "fast-check";
import { Agent, request } from "undici";
import { FORM_ROUTES, formCase, INFERENCE_KEY_MARK, JSON_ROUTES, jsonBodyCase, malformedForms, MANAGEMENT_KEY_MARK, deepBodies, type BodyCase, type JsonRoute } from "./generators.ts";
import { HostileClient, multipart, processHealth, rawExchange, type ProcessHealth, type Reply } from "./kit.ts";

interface Ready {
  k: "ready";
  base: string;
  managementKey: string;
  /** Valid and fuzz traffic; its spend must equal the costs stated to the client. */
  key: string;
  /** Disconnects and slow clients: billed estimates no client sees, kept out of the money check. */
  sideKey: string;
  patchId: string;
  secrets: string[];
}
interface Sample {
  k: "sample";
  health: ProcessHealth;
  inFlight: number;
  reservations: number;
  /** What the providers were sent since the last sample that they must never see. */
  forwarded: string[];
  upstreamRequests: number;
}

const FORBIDDEN_UPSTREAM = ["x-forwarded-host", "x-forwarded-for", "forwarded", "proxy-authorization", "te", "trailer", "upgrade", "x-hop-secret", "x-original-url"];

// ---------------------------------------------------------------- the gateway child

async function runGateway(): Promise<void> {
  const { startEmbedded } = await import("../../dataplane/src/embedded.ts");
  const { startMockUpstream } = await import("../harness/mock-upstream.ts");
  const { mediaUpstreamEnv, randomManagementKey } = await import("../harness/gateway.ts");
  const mock = await startMockUpstream();
  const shape = () => mock.setStreamShape({ chunks: 30, delayMs: 5 });
  shape();
  const dataDir = mkdtempSync(join(tmpdir(), "svc-soak-"));
  const managementKey = randomManagementKey();
  const env: Record<string, string> = {
    PORT: "0",
    HOST: "127.0.0.1",
    SVC_DATA_DIR: dataDir,
    SVC_BOOTSTRAP_MGMT_KEY: managementKey,
    SVC_BOOTSTRAP_CREDIT: "100000",
    SVC_BODY_IDLE_TIMEOUT_MS: "1000",
    SVC_STATUS_FEEDS: "off",
    LOG_LEVEL: "warn",
    LOG_FILE: join(dataDir, "gateway.log"),
    OPENAI_API_KEY: "sk-upstream-test-credential",
    OPENAI_BASE_URL: mock.openaiBaseUrl,
    ANTHROPIC_API_KEY: "sk-ant-upstream-test-credential",
    ANTHROPIC_BASE_URL: mock.anthropicBaseUrl,
    GOOGLE_API_KEY: "goog-upstream-test-credential",
    GOOGLE_BASE_URL: `${mock.origin}/v1beta`,
    ...mediaUpstreamEnv(mock),
  };
  const g = await startEmbedded(env);
  const create = async (body: Record<string, unknown>) => {
    const res = await fetch(`${g.baseUrl}/v1/management/keys`, { method: "POST", headers: { authorization: `Bearer ${managementKey}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    return (await res.json()) as { id: string; key: string };
  };
  const main = await create({ name: "soak" });
  const side = await create({ name: "soak-side" });
  const patch = await create({ name: "soak-patch" });
  const secrets = [managementKey, main.key, side.key, patch.key, g.dataPlane.deps.keyHashSecret, ...Object.entries(env).filter(([k]) => k.endsWith("_API_KEY")).map(([, v]) => v)];
  const send = (m: Ready | Sample) => process.send!(m);
  send({ k: "ready", base: g.baseUrl, managementKey, key: main.key, sideKey: side.key, patchId: patch.id, secrets });

  process.on("message", (m: { k: string }) => {
    void (async () => {
      if (m.k === "sample") {
        const forwarded: string[] = [];
        const upstreamRequests = mock.requests.length;
        for (const rec of mock.requests) {
          for (const h of FORBIDDEN_UPSTREAM) if (rec.headers[h] !== undefined) forwarded.push(`${rec.path}: ${h}`);
          const headers = JSON.stringify(rec.headers);
          if (headers.includes(main.key) || headers.includes(side.key)) forwarded.push(`${rec.path}: the client's key in a header`);
        }
        // the recordings hold every body sent: dropped so the heap measures the gateway, not the mock
        mock.reset();
        shape();
        const metric = g.dataPlane.deps.metrics.registry.getSingleMetric("svc_requests_in_flight");
        const inFlight = (await metric?.get())?.values[0]?.value ?? -1;
        send({ k: "sample", health: processHealth(), inFlight, reservations: g.dataPlane.deps.tracker.openReservations, forwarded, upstreamRequests });
      } else if (m.k === "close") {
        await g.close();
        await mock.close();
        rmSync(dataDir, { recursive: true, force: true });
        process.exit(0);
      }
    })();
  });
}

// ---------------------------------------------------------------- the driver

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

class Pool<T> {
  #items: T[] = [];
  constructor(readonly make: () => T[]) {}
  next(): T {
    if (this.#items.length === 0) this.#items = this.make();
    return this.#items.pop()!;
  }
}

async function drive(): Promise<number> {
  const minutes = Number(process.env.SOAK_MINUTES ?? 3);
  const concurrency = Number(process.env.SOAK_CONCURRENCY ?? 8);
  const child: ChildProcess = fork(new URL(import.meta.url).pathname, ["--gateway"], { execArgv: [...process.execArgv, "--expose-gc"], stdio: ["ignore", "inherit", "inherit", "ipc"] });
  let crashed: string | undefined;
  let closing = false;
  const waiters: ((m: Sample) => void)[] = [];
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.on("message", (m: Ready | Sample) => {
      if (m.k === "ready") resolve(m);
      else waiters.shift()?.(m);
    });
    child.once("exit", (code, signal) => {
      if (!closing) crashed = `gateway process exited (code ${code}, signal ${signal})`;
      reject(new Error(crashed ?? "exited"));
      for (const w of waiters.splice(0)) w({ k: "sample", health: { heapUsedMb: -1, rssMb: -1, resources: {} }, inFlight: -1, reservations: -1, forwarded: [], upstreamRequests: 0 });
    });
  });
  const sample = () => new Promise<Sample>((resolve) => {
    waiters.push(resolve);
    child.send({ k: "sample" });
  });

  const secrets = () => ready.secrets;
  const client = new HostileClient(ready.base, secrets);
  const attacker = new HostileClient(ready.base, secrets, { localAddress: "127.0.0.2" });
  const plain = new Agent({ keepAliveTimeout: 1_000 });
  const port = Number(new URL(ready.base).port);
  const violations: string[] = [];
  const costs = { stated: 0, unstated200: 0 };
  const note = (kind: string, err: unknown) => {
    if (violations.length < 10_000) violations.push(`${kind}: ${(err as Error).message.split("\n")[0]!.slice(0, 300)}`);
  };
  const sub = (s: string) => s.replaceAll(INFERENCE_KEY_MARK, ready.key).replaceAll(MANAGEMENT_KEY_MARK, ready.managementKey);
  const authed = (key: string, contentType?: string) => ({ authorization: `Bearer ${key}`, ...(contentType ? { "content-type": contentType } : {}) });
  const billed = (r: Reply, path: string) => {
    if (r.status !== 200 || path.startsWith("/v1/management") || path.startsWith("/v1/models")) return;
    const c = Number(r.headers["x-svc-cost-micros"]);
    if (Number.isInteger(c)) costs.stated += c;
    else costs.unstated200++;
  };

  const jsonPools = new Map<JsonRoute, Pool<BodyCase>>(JSON_ROUTES.map((r) => [r, new Pool(() => fc.sample(jsonBodyCase(r.valid), 200))]));
  const formPools = FORM_ROUTES.map((r) => ({ route: r, pool: new Pool(() => fc.sample(formCase(r), 100)) }));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;
  const pathOf = (r: JsonRoute) => r.path.replace("{id}", ready.patchId);
  const keyFor = (r: JsonRoute) => (r.path.startsWith("/v1/management/") ? ready.managementKey : ready.key);
  let slow = 0;

  /** A kind that could not run now (its slots are taken) says "skipped" and is not counted as tried. */
  const kinds: { name: string; weight: number; run: () => Promise<void | "skipped"> }[] = [
    {
      name: "valid-json",
      weight: 20,
      run: async () => {
        const r = pick(JSON_ROUTES.filter((x) => !x.path.startsWith("/v1/management/")));
        const reply = await client.send("valid-json", r.method, pathOf(r), { headers: authed(ready.key, "application/json"), body: JSON.stringify(r.valid) });
        if (reply.status !== 200) throw new Error(`valid ${r.path} → ${reply.status} ${reply.text.slice(0, 200)}`);
        billed(reply, r.path);
      },
    },
    {
      name: "valid-chat-stream",
      weight: 6,
      run: async () => {
        const body = JSON.stringify({ model: "openai/gpt-4o", stream: true, stream_options: { include_usage: true }, max_tokens: 50, messages: [{ role: "user", content: "stream" }] });
        const res = await request(`${ready.base}/v1/chat/completions`, { method: "POST", headers: authed(ready.key, "application/json"), body, dispatcher: plain, signal: AbortSignal.timeout(10_000) });
        const text = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`stream → ${res.statusCode} ${text.slice(0, 200)}`);
        const cost = /"cost_micros":(\d+)/.exec(text);
        if (!cost || !text.includes("[DONE]")) throw new Error("a stream with include_usage ended without its cost or [DONE]");
        costs.stated += Number(cost[1]);
      },
    },
    {
      name: "valid-form",
      weight: 4,
      run: async () => {
        const r = pick(FORM_ROUTES);
        const reply = await client.send("valid-form", "POST", r.path, { headers: authed(ready.key, "multipart/form-data; boundary=soakBoundary"), body: multipart("soakBoundary", r.parts) });
        if (reply.status !== 200) throw new Error(`valid ${r.path} → ${reply.status} ${reply.text.slice(0, 200)}`);
        billed(reply, r.path);
      },
    },
    {
      name: "valid-read",
      weight: 6,
      run: async () => {
        const [path, key] = pick([["/v1/models", ready.key], ["/v1/models/gpt-4o", ready.key], ["/v1/key", ready.key], ["/v1/credits", ready.key], ["/v1/management/keys", ready.managementKey]] as const);
        const reply = await client.send("valid-read", "GET", path, { headers: authed(key) });
        if (reply.status !== 200) throw new Error(`GET ${path} → ${reply.status}`);
      },
    },
    {
      name: "fuzz-json",
      weight: 25,
      run: async () => {
        const r = pick(JSON_ROUTES);
        const c = jsonPools.get(r)!.next();
        const headers: Record<string, string> = authed(keyFor(r));
        if (c.contentType) headers["content-type"] = c.contentType;
        const reply = await client.send(`fuzz-json`, r.method, pathOf(r), { headers, body: Buffer.from(sub(c.body.toString("latin1")), "latin1"), limitMs: 5_000 });
        billed(reply, r.path);
      },
    },
    {
      name: "fuzz-form",
      weight: 8,
      run: async () => {
        const { route, pool } = pick(formPools);
        const c = Math.random() < 0.3 ? pick(malformedForms(route)) : pool.next();
        const headers: Record<string, string> = authed(ready.key);
        if (c.contentType) headers["content-type"] = c.contentType;
        const reply = await client.send("fuzz-form", "POST", route.path, { headers, body: Buffer.from(sub(c.body.toString("latin1")), "latin1"), limitMs: 5_000 });
        billed(reply, route.path);
      },
    },
    {
      name: "deep-nesting",
      weight: 1,
      run: async () => {
        const r = pick(JSON_ROUTES);
        const d = pick(deepBodies(r.valid, 50_000));
        const reply = await client.send("deep-nesting", r.method, pathOf(r), { headers: authed(keyFor(r), "application/json"), body: d.body, limitMs: 5_000 });
        if (reply.status < 400) throw new Error(`${d.kind} on ${r.path} → ${reply.status}`);
      },
    },
    {
      name: "bad-key",
      weight: 6,
      run: async () => {
        const key = `svc_${randomBytes(20).toString("hex")}`;
        const reply = await attacker.send("bad-key", "GET", pick(["/v1/models", "/v1/key", "/v1/management/keys"]), { headers: { authorization: `Bearer ${key}` } });
        if (reply.status !== 401 && reply.status !== 429) throw new Error(`bad key → ${reply.status}`);
      },
    },
    {
      name: "oversize",
      weight: 1,
      run: async () => {
        const x = await rawExchange(port, [`POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ready.sideKey}\r\ncontent-length: ${64 * 1024 * 1024}\r\n\r\n`], { deadlineMs: 3_000 });
        if (x.status !== 413) throw new Error(`declared 64 MiB → ${x.status ?? "no answer"}`);
      },
    },
    {
      name: "stalled-body",
      weight: 1,
      run: async () => {
        const x = await rawExchange(port, [`POST /v1/messages HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ready.sideKey}\r\ncontent-length: 500\r\n\r\n{"model":`], { deadlineMs: 4_000 });
        if (x.status !== 408) throw new Error(`stalled body → ${x.status ?? "no answer"}`);
      },
    },
    {
      name: "slow-client",
      weight: 1,
      run: async () => {
        // at most three at once: each holds a client for uWS's ~10 s idle timeout
        if (slow >= 3) return "skipped";
        slow++;
        try {
          const x = pick([
            () => rawExchange(port, [..."GET /v1/models HTTP/1.1\r\nhost: x\r\nx-slow: " + "s".repeat(200)], { gapMs: 100, deadlineMs: 16_000 }),
            () => rawExchange(port, [`POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ready.sideKey}\r\ncontent-length: 3000\r\n\r\n`, ..."x".repeat(2_999)], { gapMs: 200, deadlineMs: 16_000 }),
          ])();
          const done = await x;
          if (!done.closedByServer || done.endMs > 14_000) throw new Error(`slow client not cut off (${done.endMs} ms)`);
        } finally {
          slow--;
        }
      },
    },
    {
      name: "disconnect",
      weight: 3,
      run: async () => {
        const abort = new AbortController();
        const body = JSON.stringify({ model: "openai/gpt-4o", stream: true, max_tokens: 100, messages: [{ role: "user", content: "bye" }] });
        try {
          const res = await request(`${ready.base}/v1/chat/completions`, { method: "POST", headers: authed(ready.sideKey, "application/json"), body, dispatcher: plain, signal: abort.signal });
          for await (const _ of res.body) {
            abort.abort();
            break;
          }
        } catch (err) {
          if (!abort.signal.aborted) throw err;
        }
        // and one that leaves halfway through its upload
        await rawExchange(port, [`POST /v1/chat/completions HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${ready.sideKey}\r\ncontent-length: 1000\r\n\r\n{"model":"openai/gpt-4o"`], { deadlineMs: 50 });
      },
    },
  ];
  const total = kinds.reduce((n, k) => n + k.weight, 0);
  const choose = () => {
    let x = Math.random() * total;
    for (const k of kinds) if ((x -= k.weight) < 0) return k;
    return kinds[0]!;
  };
  const tried = new Map<string, number>();

  await sleep(500);
  const start = await sample();
  const samples: { at: string; s: Sample }[] = [{ at: "start", s: start }];
  const forwarded: string[] = [];
  let upstreamRequests = 0;
  const endAt = Date.now() + minutes * 60_000;
  console.log(`[soak] ${minutes} min, ${concurrency} clients, gateway at ${ready.base}`);

  const loops = Array.from({ length: concurrency }, async () => {
    while (Date.now() < endAt && !crashed) {
      const k = choose();
      try {
        if ((await k.run()) !== "skipped") tried.set(k.name, (tried.get(k.name) ?? 0) + 1);
      } catch (err) {
        tried.set(k.name, (tried.get(k.name) ?? 0) + 1);
        note(k.name, err);
      }
    }
  });
  let lastPrint = Date.now();
  const monitor = (async () => {
    let middleTaken = false;
    while (Date.now() < endAt && !crashed) {
      await sleep(5_000);
      const s = await sample();
      forwarded.push(...s.forwarded);
      upstreamRequests += s.upstreamRequests;
      if (!middleTaken && Date.now() > endAt - (minutes * 60_000) / 2) {
        samples.push({ at: "middle", s });
        middleTaken = true;
      }
      if (Date.now() - lastPrint > 30_000) {
        lastPrint = Date.now();
        console.log(`[soak] ${Math.max(0, Math.round((endAt - Date.now()) / 1000))} s left: ${client.tally.total + attacker.tally.total} answers, heap ${s.health.heapUsedMb} MB, rss ${s.health.rssMb} MB, in flight ${s.inFlight}, violations ${violations.length}`);
      }
    }
  })();
  await Promise.all([...loops, monitor]);

  // settle: everything answered, every reservation released, then the books
  let end = await sample();
  for (let i = 0; i < 40 && !crashed && (end.inFlight !== 0 || end.reservations !== 0); i++) {
    await sleep(500);
    end = await sample();
  }
  forwarded.push(...end.forwarded);
  upstreamRequests += end.upstreamRequests;
  await sleep(1_000);
  end = await sample();
  samples.push({ at: "end", s: end });
  let spend = -1;
  if (!crashed) {
    const me = await request(`${ready.base}/v1/key`, { headers: authed(ready.key), dispatcher: plain });
    spend = ((await me.body.json()) as { spend_this_month_micros: number }).spend_this_month_micros;
  }

  const statuses = new Map<number, number>();
  for (const t of [client.tally, attacker.tally]) for (const [s, n] of t.statuses) statuses.set(s, (statuses.get(s) ?? 0) + n);
  const serverErrors = [...client.tally.serverErrors, ...attacker.tally.serverErrors];
  const heapGrowth = end.health.heapUsedMb - start.health.heapUsedMb;
  const handleGrowth = Object.entries(end.health.resources).filter(([t, n]) => n - (start.health.resources[t] ?? 0) > 4);
  const moneyRight = spend === costs.stated && costs.unstated200 === 0;
  const leaks = (heapGrowth > 50 ? 1 : 0) + handleGrowth.length + (end.inFlight === 0 ? 0 : 1) + (end.reservations === 0 ? 0 : 1);

  console.log("\n[soak] cases tried per kind:");
  for (const [k, n] of [...tried].sort((a, b) => b[1] - a[1])) console.log(`  ${k.padEnd(18)} ${n}`);
  console.log(`[soak] answers: ${client.tally.total + attacker.tally.total} (plus raw-socket cases); statuses ${[...statuses].sort((a, b) => a[0] - b[0]).map(([s, n]) => `${s}:${n}`).join(" ")}`);
  console.log(`[soak] upstream requests: ${upstreamRequests}; forwarded what must not be: ${forwarded.length}`);
  console.log(`[soak] 5xx: ${serverErrors.length}; crashes: ${crashed ? 1 : 0}${crashed ? ` (${crashed})` : ""}; violations: ${violations.length}`);
  console.log("[soak] gateway process:");
  for (const { at, s } of samples) console.log(`  ${at.padEnd(7)} heap ${s.health.heapUsedMb} MB, rss ${s.health.rssMb} MB, handles ${JSON.stringify(s.health.resources)}, in flight ${s.inFlight}, reservations ${s.reservations}`);
  console.log(`[soak] leaks: ${leaks} (heap ${heapGrowth >= 0 ? "+" : ""}${Math.round(heapGrowth * 10) / 10} MB; handles grown ${JSON.stringify(handleGrowth)})`);
  console.log(`[soak] money: stated to the client ${costs.stated} micros, key spend ${spend} micros, 200s without a cost ${costs.unstated200}: ${moneyRight ? "right" : "WRONG"}`);
  for (const v of [...new Set([...serverErrors, ...violations, ...forwarded])].slice(0, 25)) console.log(`  ! ${v}`);

  closing = true;
  if (!crashed) child.send({ k: "close" });
  await Promise.all([client.close(), attacker.close(), plain.close()]);
  const ok = !crashed && serverErrors.length === 0 && violations.length === 0 && forwarded.length === 0 && moneyRight && leaks === 0;
  console.log(`[soak] ${ok ? "PASS" : "FAIL"}`);
  return ok ? 0 : 1;
}

if (process.argv.includes("--gateway")) await runGateway();
else process.exitCode = await drive();
