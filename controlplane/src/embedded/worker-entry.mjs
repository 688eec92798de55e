// A worker thread does not inherit the TypeScript loader of its parent: register it, then start the worker.
import { register } from "tsx/esm/api";

register();
await import("./worker.ts");
