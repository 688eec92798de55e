// The suite-wide check of issue 7/9: after `npm test`, every line every test gateway logged (SVC_TEST_LOG_DIR) is
// searched for key-shaped strings. Plain JavaScript, so run-tests.mjs can use it without a TypeScript loader; its
// patterns are written out here, apart from the gateway's own scrubber (proto/log-secrets.ts), so that a gap in
// one is not silently shared by the other.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** What must never be in a log line, by the name a report gives it (the matched text itself is never printed). */
export const SECRET_SHAPES = [
  ["a gateway key (svc_…)", /(?<![A-Za-z0-9])svc_[A-Za-z0-9_-]{16,}/],
  ["a test provider credential (…-upstream-test-credential)", /upstream-test-credential/],
  ["a provider-style key (sk-…)", /(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{16,}/],
  ["a bearer token", /[Bb]earer\s+(?!\[redacted\])[^\s"\\]{8,}/],
];

/**
 * Scans every file of `dir` line by line. Returns how many lines were read and, for each line holding a secret
 * shape, its file, 1-based line number and the shape's name.
 */
export function scanLogDir(dir) {
  const findings = [];
  let files = 0;
  let lines = 0;
  for (const name of readdirSync(dir).sort()) {
    files++;
    const text = readFileSync(join(dir, name), "utf8");
    let n = 0;
    for (const line of text.split("\n")) {
      n++;
      if (line === "") continue;
      lines++;
      for (const [what, re] of SECRET_SHAPES) {
        if (re.test(line)) {
          findings.push({ file: name, line: n, what });
          break;
        }
      }
    }
  }
  return { files, lines, findings };
}
