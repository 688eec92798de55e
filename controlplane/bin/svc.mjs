#!/usr/bin/env node
// `npx svc …`: the operator CLI. Registers tsx so the TypeScript sources run as they are.
import { register } from "tsx/esm/api";

register();
await import("../src/cli/main.ts");
