/**
 * Environment the image sets for every gateway process (deploy/Dockerfile's ENV; a test holds the two equal), so
 * that whatever starts the gateway the way the image does (the bench) starts it with the same.
 *
 * MALLOC_MMAP_THRESHOLD_: glibc otherwise raises its mmap threshold to the size of each large block it frees (up
 * to 32 MB), after which blocks that size come from the heap and stay with the process once freed. A replica
 * fetching a 100,000-key snapshot frees ~35 MB of parts and copies that way; held at 128 KiB, large blocks are
 * always mapped and go back to the system when freed: 152-154 -> 139-147 MB after the load, 183-187 -> 163-183
 * MB under load, same CPU (docs/performance.md).
 *
 * NODE_OPTIONS=--max-semi-space-size=8: V8's young generation grows to two semi-spaces of 16 MB under a replica's
 * allocation rate; at 8 MB each it is 16 MB smaller. V8 sizes it when the process starts, so it cannot be set from
 * the code as heap-tuning.ts sets its flags. With 100,000 keys at c=128: 144-148 -> 129-138 MB under load; CPU
 * per request at c=32 the same within noise (50.8-53.7 against 51.5-53.4 us, three rounds each way).
 */
export const RUNTIME_ENV: Readonly<Record<string, string>> = Object.freeze({ MALLOC_MMAP_THRESHOLD_: "131072", NODE_OPTIONS: "--max-semi-space-size=8" });
