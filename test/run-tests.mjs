#!/usr/bin/env node
// `npm test`: checks which real services are reachable, says plainly what will not run without them, then runs
// the whole vitest suite and ends with one summary line ("N passed, N failed, N skipped"). Every gateway the tests
// start logs into one directory; afterwards each line is searched for keys and credentials, and any found fails
// the run.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect as netConnect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scanLogDir } from "./log-scan.mjs";

const require = process.env.REQUIRE_SERVICES === "1";

function reachable(url, defaultPort) {
  let host = "127.0.0.1";
  let port = defaultPort;
  try {
    const u = new URL(url.split(",")[0]);
    host = u.hostname || host;
    port = Number(u.port) || defaultPort;
  } catch {
    return Promise.resolve(false);
  }
  return new Promise((resolve) => {
    const s = netConnect({ host, port, timeout: 2000 }, () => {
      s.destroy();
      resolve(true);
    });
    s.on("error", () => resolve(false));
    s.on("timeout", () => {
      s.destroy();
      resolve(false);
    });
  });
}

const notes = [];
const env = { ...process.env };
for (const [name, port, what] of [
  ["DATABASE_URL", 5432, "database tests run on embedded PGlite instead of PostgreSQL, and the tests that need separate processes on Postgres (split-mode processes, local cluster, money across replicas, fault tests) are SKIPPED"],
  ["NATS_URL", 4222, "tests over NATS JetStream are SKIPPED: split mode, usage exactly once and snapshots in parts over the real bus, local cluster, money across replicas, fault tests (test/faults)"],
]) {
  const value = env[name];
  const ok = value ? await reachable(value, port) : false;
  if (!ok) {
    const why = value ? `${name}=${value} is not reachable` : `${name} is not set`;
    if (require) {
      console.error(`REQUIRE_SERVICES=1 but ${why}; failing.`);
      process.exit(1);
    }
    delete env[name];
    notes.push(`${why}: ${what}.`);
  }
}
if (!existsSync("/usr/bin/chromium") && !require) notes.push("chromium is not installed (apt-get install chromium): the browser check of cross-origin access is SKIPPED.");
for (const n of notes) console.log(`[npm test] ${n}`);

const dir = mkdtempSync(join(tmpdir(), "svc-test-"));
const logDir = mkdtempSync(join(tmpdir(), "svc-test-logs-"));
env.SVC_TEST_LOG_DIR = logDir;
const report = join(dir, "report.json");
const r = spawnSync(
  "npx",
  ["vitest", "run", "--config", "test/vitest.config.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`, ...process.argv.slice(2)],
  { stdio: "inherit", env },
);
let summary = "";
try {
  const j = JSON.parse(readFileSync(report, "utf8"));
  const skipped = (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
  summary = `${j.numPassedTests} passed, ${j.numFailedTests} failed, ${skipped} skipped`;
} catch {
  summary = "";
}
rmSync(dir, { recursive: true, force: true });
const logs = scanLogDir(logDir);
for (const f of logs.findings) console.error(`[npm test] ${f.what} in a log line: ${join(logDir, f.file)}:${f.line}`);
if (logs.findings.length === 0) rmSync(logDir, { recursive: true, force: true });
for (const n of notes) console.log(`[npm test] ${n}`);
if (summary) console.log(`\ntests: ${summary}`);
console.log(`logs: ${logs.lines} lines in ${logs.files} files of test gateways scanned, ${logs.findings.length === 0 ? "no key or credential in any" : `${logs.findings.length} holding a key or credential (kept in ${logDir})`}`);
process.exit(logs.findings.length > 0 ? 1 : (r.status ?? 1));
