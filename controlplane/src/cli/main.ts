#!/usr/bin/env node
// Entry point of the operator CLI (`npx svc …`); all behaviour lives in run.ts so tests can drive it.
import { runCli } from "./run.ts";

const code = await runCli(process.argv.slice(2), process.env, {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
});
process.exit(code);
