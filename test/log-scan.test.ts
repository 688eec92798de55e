import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generateKey } from "../proto/key-hash.ts";
import { scanLogDir } from "./log-scan.mjs";

/** The scan `npm test` runs over every test gateway's log after the suite. */
describe("the suite-wide log scan", () => {
  const dir = mkdtempSync(join(tmpdir(), "svc-log-scan-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const line = (fields: Record<string, unknown>) => JSON.stringify({ level: "info", time: "2026-01-01T00:00:00.000Z", ...fields });

  it("passes what a gateway may log: ids, display prefixes, censored values, words that merely contain sk-", () => {
    writeFileSync(
      join(dir, "clean.log"),
      [
        line({ request_id: "req_0123456789abcdef0123456789abcdef", key_id: "key_Ab3dEf6hIj9kLm2nOp5q", org_id: "org_Ab3dEf6hIj9kLm2nOp5q", msg: "request" }),
        line({ prefix: "svc_AbCd", mgmt_prefix: "svc_mgmt_AbCd", stream: "SVC_USAGE_t0123456789abcdef", msg: "x" }),
        line({ authorization: "Bearer [redacted]", note: "disk-space-nearly-exhausted-everywhere", msg: "x" }),
      ].join("\n") + "\n",
    );
    const scan = scanLogDir(dir);
    expect(scan).toEqual({ files: 1, lines: 3, findings: [] });
  });

  it("names the file, line and kind of every key or credential, never the secret itself", () => {
    const inference = generateKey("inference");
    const management = generateKey("management");
    writeFileSync(
      join(dir, "leaky.log"),
      [
        line({ msg: "fine" }),
        line({ msg: `refused ${inference}` }),
        line({ note: `mgmt ${management}` }),
        line({ err: { message: "Incorrect API key provided: sk-upstream-test-credential" } }),
        line({ upstream: "x-goog-api-key: goog-upstream-test-credential" }),
        line({ detail: "sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8t" }),
        line({ sent: "Authorization: Bearer opaque.token.value" }),
      ].join("\n") + "\n",
    );
    const scan = scanLogDir(dir);
    expect(scan.lines).toBe(3 + 7);
    expect(scan.findings).toEqual([
      { file: "leaky.log", line: 2, what: "a gateway key (svc_…)" },
      { file: "leaky.log", line: 3, what: "a gateway key (svc_…)" },
      { file: "leaky.log", line: 4, what: "a test provider credential (…-upstream-test-credential)" },
      { file: "leaky.log", line: 5, what: "a test provider credential (…-upstream-test-credential)" },
      { file: "leaky.log", line: 6, what: "a provider-style key (sk-…)" },
      { file: "leaky.log", line: 7, what: "a bearer token" },
    ]);
    expect(JSON.stringify(scan)).not.toMatch(/svc_[A-Za-z0-9]{20}|upstream-test-credential"|opaque/);
  });
});
