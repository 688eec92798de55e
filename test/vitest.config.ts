import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    root: new URL("..", import.meta.url).pathname,
    include: ["{dataplane,controlplane,catalog,proto,bench,test}/**/*.test.ts"],
    exclude: ["**/node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // PGlite and the gateway's servers are heavy; two workers fit two cores
    maxWorkers: 2,
  },
});
