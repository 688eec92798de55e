import { spawnSync } from "node:child_process";
import fc from "fast-check";
import fs, { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { generateKey } from "./key-hash.ts";
import { jsonNumber, jsonString } from "./json-text.ts";
import { closeLogger, createLogger, isoTime, writeAccessLine, type Logger } from "./log.ts";

/** A logger writing into an array, and the lines it wrote, parsed. */
function capture(env: Record<string, string> = {}, bindings?: Record<string, string>): { log: Logger; raw: string[]; lines: () => Record<string, unknown>[] } {
  const raw: string[] = [];
  const log = createLogger(env, { service: "dataplane", bindings, destination: { write: (s: string) => void raw.push(s) } });
  return { log, raw, lines: () => raw.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const inferenceKey = generateKey("inference");
const managementKey = generateKey("management");
const operatorManagementKey = "svc_mgmt_test_0f1e2d3c4b5a69788796a5b4c3d2e1f0";

describe("log lines", () => {
  it("are one JSON object per line with a level name, an ISO time, the service, its bindings and the message", () => {
    const { log, raw, lines } = capture({}, { replica: "dp-1" });
    log.info({ request_id: "req_1", status: 200 }, "request");
    expect(raw).toHaveLength(1);
    expect(raw[0]!.endsWith("\n")).toBe(true);
    const [line] = lines();
    expect(line).toMatchObject({ level: "info", service: "dataplane", replica: "dp-1", request_id: "req_1", status: 200, msg: "request" });
    expect(new Date(line!.time as string).toISOString()).toBe(line!.time);
  });

  it("carry the time as toISOString writes it, at any millisecond of any day, and across a day's end", () => {
    const text = (ms: number) => `,"time":"${new Date(ms).toISOString()}"`;
    const dayEnd = Date.UTC(2026, 11, 31) - 1;
    for (const ms of [0, 1, 999, 1000, 59_999, 3_599_999, dayEnd, dayEnd + 1, dayEnd + 1001, Date.UTC(9999, 11, 31, 23, 59, 59, 999), Date.UTC(10000, 0, 1), -1, Date.UTC(-1, 5, 1), Date.now()]) {
      expect(isoTime(ms)).toBe(text(ms));
    }
    fc.assert(fc.property(fc.integer({ min: -8.64e15, max: 8.64e15 }), (ms) => isoTime(ms) === text(ms)), { numRuns: 5000 });
  });

  it("start at LOG_LEVEL", () => {
    const { log, lines } = capture({ LOG_LEVEL: "warn" });
    log.info("not shown");
    log.debug("not shown");
    log.warn("shown");
    log.error("shown too");
    expect(lines().map((l) => l.level)).toEqual(["warn", "error"]);
  });

  it("refuse an unknown LOG_LEVEL, naming the variable", () => {
    expect(() => capture({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent/);
  });
});

describe("a key passed to the logger by mistake never reaches the line", () => {
  it("is censored under a credential's field name, at the top level and nested", () => {
    const { log, raw, lines } = capture();
    log.info(
      {
        authorization: `Bearer ${inferenceKey}`,
        key: "opaque-value-1",
        api_key: "opaque-value-2",
        credential: "opaque-value-3",
        "x-api-key": "opaque-value-4",
        upstream: { authorization: "opaque-value-5", credentials: ["opaque-value-6"], options: { password: "opaque-value-7" } },
      },
      "call",
    );
    expect(raw.join("")).not.toMatch(/opaque-value|svc_/);
    expect(lines()[0]).toMatchObject({ authorization: "[redacted]", key: "[redacted]", api_key: "[redacted]", credential: "[redacted]", "x-api-key": "[redacted]", upstream: { authorization: "[redacted]", options: { password: "[redacted]" } } });
  });

  it.each([
    ["an inference key", inferenceKey],
    ["a generated management key", managementKey],
    ["an operator-chosen management key", operatorManagementKey],
    ["an OpenAI project key", "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"],
    ["an Anthropic key", "sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z-AA"],
    ["a Google API key", "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"],
  ])("is replaced when %s appears in the message or under an innocent name", (_, secret) => {
    const { log, raw, lines } = capture();
    log.warn({ note: `upstream said: Incorrect API key provided: ${secret}.`, model: "openai/gpt-4o" }, `refused ${secret}`);
    expect(raw.join("")).not.toContain(secret);
    expect(lines()[0]).toMatchObject({ note: "upstream said: Incorrect API key provided: [redacted].", msg: "refused [redacted]", model: "openai/gpt-4o" });
  });

  it("replaces the provider credentials and secrets of the environment wherever they appear", () => {
    const env = {
      OPENAI_API_KEY: "plain-credential-one, plain-credential-two",
      GOOGLE_API_KEY: 'goog-cred"with\\quote',
      SVC_KEY_HASH_SECRET: "0123456789abcdef0123456789abcdef",
      SVC_BOOTSTRAP_MGMT_KEY: operatorManagementKey,
    };
    const { log, raw, lines } = capture(env);
    log.error({ detail: `tried plain-credential-two then ${env.GOOGLE_API_KEY}`, hash_secret: env.SVC_KEY_HASH_SECRET }, "plain-credential-one failed");
    const out = raw.join("");
    for (const secret of ["plain-credential-one", "plain-credential-two", "goog-cred", "0123456789abcdef", operatorManagementKey]) expect(out).not.toContain(secret);
    // still valid JSON after a replacement inside an escaped string
    expect(lines()[0]).toMatchObject({ detail: "tried [redacted] then [redacted]", hash_secret: "[redacted]", msg: "[redacted] failed" });
  });

  it("replaces bearer tokens of any shape and the password of a URL", () => {
    const { log, lines } = capture();
    log.info({ sent: "Authorization: Bearer opaque.token-value", db: "postgres://gateway:hunter2hunter2@db:5432/svc" }, "x");
    expect(lines()[0]).toMatchObject({ sent: "Authorization: Bearer [redacted]", db: "postgres://[redacted]@db:5432/svc" });
  });

  it("keeps the public identifiers an operator needs", () => {
    const { log, lines } = capture({ MISTRAL_API_KEY: "m" });
    const fields = { note: "disk-space-nearly-exhausted-everywhere", key_id: "key_Ab3dEf6hIj9kLm2nOp5q", org_id: "org_Ab3dEf6hIj9kLm2nOp5q", request_id: "req_0123456789abcdef0123456789abcdef", prefix: "svc_AbCd", mgmt_prefix: "svc_mgmt_AbCd", stream: "SVC_USAGE_t0123456789ab", model: "mistral/mistral-large-2512" };
    log.info(fields, "request");
    expect(lines()[0]).toMatchObject(fields);
  });
});

describe("what is never logged, whatever a caller passes", () => {
  it("drops bodies and query strings, keeps only a few headers and the path of a URL", () => {
    const { log, raw, lines } = capture();
    log.info({ body: '{"messages":[{"content":"secret plans"}]}', query: "key=abc", url: "/v1/models?key=abc#x", headers: { "user-agent": "sdk/1", "content-length": "12", "x-custom": "private", cookie: "c" } }, "request");
    expect(raw.join("")).not.toMatch(/secret plans|key=abc|private/);
    const [line] = lines();
    expect(line).not.toHaveProperty("body");
    expect(line).not.toHaveProperty("query");
    expect(line).toMatchObject({ url: "/v1/models", headers: { "user-agent": "sdk/1", "content-length": "12" } });
    expect(Object.keys(line!.headers as object)).toEqual(["user-agent", "content-length"]);
  });

  it("logs an error's type, message, code and stack but none of its other properties", () => {
    const { log, raw, lines } = capture();
    const err = Object.assign(new TypeError("fetch failed", { cause: new Error("connect ECONNREFUSED") }), { code: "UND_ERR", options: { headers: { "x-goog-api-key": "opaque-google" } } });
    log.error({ err }, "upstream failed");
    expect(raw.join("")).not.toContain("opaque-google");
    const e = lines()[0]!.err as Record<string, unknown>;
    expect(e).toMatchObject({ type: "TypeError", message: "fetch failed", code: "UND_ERR", cause: { type: "Error", message: "connect ECONNREFUSED" } });
    expect(e.stack).toContain("fetch failed");
    expect(e).not.toHaveProperty("options");
  });
});

describe("LOG_FILE", () => {
  const dir = mkdtempSync(join(tmpdir(), "svc-log-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("receives what was still gathered when the process exits at once, pino's lines and access lines in order", () => {
    const file = join(dir, "exit.log");
    // under the stream's own batch (8 KB) in all, so that none of its writes is under way when the process exits:
    // such a write, on libuv's pool, can land after what the exit writes (SonicBoom's flushSync does not wait for it)
    const script = `
      import { createLogger, writeAccessLine } from ${JSON.stringify(new URL("./log.ts", import.meta.url).pathname)};
      const log = createLogger({ LOG_FILE: ${JSON.stringify(file)} }, { service: "dataplane" });
      for (let i = 0; i < 30; i++) {
        writeAccessLine(log, "info", \`,"i":\${i},"t":"ünï 🎉"\`, "request");
        if (i % 10 === 0) log.info({ i, t: "pïnö ✓" }, "pino");
      }
      process.exit(0);
    `;
    const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { msg: string; i: number; t: string });
    expect(lines.map((l) => `${l.msg} ${l.i} ${l.t}`)).toEqual(
      Array.from({ length: 30 }, (_, i) => [`request ${i} ünï 🎉`, ...(i % 10 === 0 ? [`pino ${i} pïnö ✓`] : [])]).flat(),
    );
    expect(readFileSync(file).length).toBeLessThan(8 * 1024);
  });

  it("gets each line within a flush period of its writing, unclosed, and no write at all while nothing is logged", async () => {
    const file = join(dir, "idle.log");
    const log = createLogger({ LOG_FILE: file }, { service: "dataplane" });
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
    const writes = vi.spyOn(fs, "write");
    try {
      // a timer kept running flushed every 200 ms, an empty write each time
      await sleep(700);
      expect(writes).not.toHaveBeenCalled();
      log.info("pino's");
      await sleep(350);
      writeAccessLine(log, "info", ',"i":1', "request");
      await sleep(350);
      expect(readFileSync(file, "utf8").trim().split("\n").map((l) => (JSON.parse(l) as { msg: string }).msg)).toEqual(["pino's", "request"]);
      const afterLines = writes.mock.calls.length;
      expect(afterLines).toBeGreaterThan(0);
      await sleep(700);
      expect(writes.mock.calls.length).toBe(afterLines);
    } finally {
      writes.mockRestore();
      await closeLogger(log);
    }
  });

  it("receives every line once the logger is closed, appended after what was there, and a late line is dropped, not thrown", async () => {
    const file = join(dir, "nested", "gateway.log");
    const first = createLogger({ LOG_FILE: file }, { service: "controlplane" });
    first.info("one");
    await closeLogger(first);
    const second = createLogger({ LOG_FILE: file }, { service: "controlplane" });
    for (let i = 0; i < 1000; i++) second.info({ i }, "many");
    await closeLogger(second);
    expect(() => second.info("after the stop")).not.toThrow();
    const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { msg: string; i?: number });
    expect(lines).toHaveLength(1001);
    expect(lines[0]!.msg).toBe("one");
    expect(lines.at(-1)).toMatchObject({ msg: "many", i: 999 });
  });
});

describe("access lines written past pino", () => {
  beforeEach(() => {
    // one clock for both writers, so their times are the same text
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-04T05:06:07.089Z"));
  });
  afterEach(() => vi.useRealTimers());

  /** The fields the way writeAccessLine takes them, built with its helpers (undefined left out, as pino does). */
  function asFields(obj: Record<string, string | number | undefined>): string {
    let out = "";
    for (const [k, v] of Object.entries(obj)) {
      if (v === undefined) continue;
      out += `,${jsonString(k)}:${typeof v === "number" ? jsonNumber(v) : jsonString(v)}`;
    }
    return out;
  }

  const awkward = {
    request_id: "req_0123456789abcdef0123456789abcdef",
    route: "/v1/chat/completions",
    status: 200,
    duration_ms: 12,
    upstream_ms: undefined,
    model: 'quote " backslash \\ slash / tab \t newline \n nul \u0000 del \u007f',
    provider: "ünïcödé ✓ \u2028 emoji 🎉",
    cost_micros: Number.NaN,
    big: 1e21,
    negative_zero: -0,
    fraction: 0.1,
    empty: "",
  };

  it.each([
    ["info", {}],
    ["warn", {}],
    ["info", { replica: "dp-1" }],
    ["warn", { replica: 'odd "replica" \\ name' }],
  ] as const)("are byte for byte what pino writes for the same fields (%s, bindings %j)", (level, bindings) => {
    const viaPino = capture({}, bindings);
    const fast = capture({}, bindings);
    viaPino.log[level](awkward, "request");
    writeAccessLine(fast.log, level, asFields(awkward), "request");
    expect(fast.raw).toEqual(viaPino.raw);
    // and read back the same: the same keys in the same order, the same values
    const [a] = fast.lines();
    const [b] = viaPino.lines();
    expect(Object.keys(a!)).toEqual(Object.keys(b!));
    expect(Object.keys(a!).slice(0, 5)).toEqual(["level", "time", "service", "pid", "hostname"]);
    expect(Object.keys(a!).at(-1)).toBe("msg");
    expect(a).toEqual(b);
    expect(a).toMatchObject({ level, time: "2026-03-04T05:06:07.089Z", ...bindings, model: awkward.model, provider: awkward.provider, cost_micros: null, msg: "request" });
    expect(a).not.toHaveProperty("upstream_ms");
  });

  it("scrub the base fields and bindings as pino does, since they are not the caller's", () => {
    const secret = "sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z";
    const viaPino = capture({}, { replica: secret });
    const fast = capture({}, { replica: secret });
    viaPino.log.info({ status: 200 }, "request");
    writeAccessLine(fast.log, "info", ',"status":200', "request");
    expect(fast.raw).toEqual(viaPino.raw);
    expect(fast.raw.join("")).not.toContain(secret);
  });

  it("are written from the logger's level up", () => {
    const warn = capture({ LOG_LEVEL: "warn" });
    writeAccessLine(warn.log, "info", ',"status":200', "request");
    writeAccessLine(warn.log, "warn", ',"status":502', "request");
    expect(warn.lines().map((l) => [l.level, l.status])).toEqual([["warn", 502]]);

    const silent = capture({ LOG_LEVEL: "silent" });
    writeAccessLine(silent.log, "warn", ',"status":502', "request");
    expect(silent.raw).toEqual([]);

    const debug = capture({ LOG_LEVEL: "debug" });
    writeAccessLine(debug.log, "info", ',"status":200', "request");
    expect(debug.lines()).toHaveLength(1);
  });

  it("go through pino for a logger createLogger did not make, such as a child", () => {
    const viaPino = capture({}, { replica: "dp-1" });
    const fast = capture({}, { replica: "dp-1" });
    viaPino.log.child({ part: "x" }).info({ status: 200, route: "/v1/models" }, "request");
    writeAccessLine(fast.log.child({ part: "x" }), "info", ',"status":200,"route":"/v1/models"', "request");
    expect(fast.raw).toEqual(viaPino.raw);

    const other: string[] = [];
    const plain = pino({ level: "warn" }, { write: (s: string) => void other.push(s) });
    writeAccessLine(plain, "info", ',"status":200', "request");
    writeAccessLine(plain, "warn", ',"status":503', "request");
    expect(other.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([{ level: 40, status: 503, msg: "request" }]);
  });

  it("go through pino to a destination that routes lines by level", () => {
    const warnings: string[] = [];
    const log = createLogger({}, { service: "dataplane", destination: pino.multistream([{ level: "warn", stream: { write: (s: string) => void warnings.push(s) } }]) });
    writeAccessLine(log, "info", ',"status":200', "request");
    writeAccessLine(log, "warn", ',"status":503', "request");
    expect(warnings.map((l) => JSON.parse(l) as Record<string, unknown>)).toMatchObject([{ level: "warn", status: 503, msg: "request" }]);
  });

  it("share LOG_FILE with pino's lines, in the order they were written, and stop when it is closed", async () => {
    vi.useRealTimers();
    const dir = mkdtempSync(join(tmpdir(), "svc-log-"));
    try {
      const file = join(dir, "gateway.log");
      const log = createLogger({ LOG_FILE: file }, { service: "dataplane", bindings: { replica: "dp-1" } });
      for (let i = 0; i < 500; i++) {
        log.info({ i }, "pino");
        writeAccessLine(log, "info", `,"i":${i}`, "request");
      }
      await closeLogger(log);
      expect(() => writeAccessLine(log, "warn", ',"i":-1', "request")).not.toThrow();
      const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l) as { msg: string; i: number; replica: string });
      expect(lines).toHaveLength(1000);
      lines.forEach((l, n) => expect([l.msg, l.i, l.replica]).toEqual([n % 2 === 0 ? "pino" : "request", Math.floor(n / 2), "dp-1"]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reach LOG_FILE whole and in order across many batches, multi-byte text and lines longer than a batch included", async () => {
    vi.useRealTimers();
    const dir = mkdtempSync(join(tmpdir(), "svc-log-"));
    try {
      const file = join(dir, "gateway.log");
      const log = createLogger({ LOG_FILE: file }, { service: "dataplane" });
      // what each line must read back as: the same writer's text to a destination that takes each line at once
      const same = capture();
      // two bytes of UTF-8 a UTF-16 unit, a batch part-filled before them: a room counted in units would cut them
      const texts = new Map([[33, "ünïcödé ✓ 🎉"], [50, "é".repeat(30_000)], [77, "x".repeat(70_000)], [99, "🎉".repeat(12_000)]]);
      for (let i = 0; i < 3_000; i++) {
        const fields = `,"i":${i},"t":${jsonString(texts.get(i % 100) ?? "plain")}`;
        writeAccessLine(log, "info", fields, "request");
        writeAccessLine(same.log, "info", fields, "request");
        if (i % 500 === 0) {
          log.info({ i, t: "pïnö ✓ 🎉" }, "pino");
          same.log.info({ i, t: "pïnö ✓ 🎉" }, "pino");
        }
      }
      await closeLogger(log);
      const written = readFileSync(file, "utf8");
      const strip = (l: string) => l.replace(/"time":"[^"]*"/, "");
      expect(written.split("\n").map(strip)).toEqual([...same.raw.join("").split("\n").map(strip)]);
      expect(written.split("\n")).toHaveLength(3_000 + 6 + 1);
      expect(written.length).toBeGreaterThan(10 * 64 * 1024);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
