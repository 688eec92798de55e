import { readdirSync } from "node:fs";
import { setPriority } from "node:os";

/**
 * Raises the nice value of the process's threads other than the main one, as they are when called: at start-up,
 * V8's platform workers (optimizing compilation, concurrent marking and sweeping, the parallel scavenge's helpers)
 * and Node's own. A thread made later (the embedded control plane's worker, libuv's pool) takes the priority of the
 * thread that makes it, the main one's.
 *
 * Where the replica's threads share a core (one core given to it, the bench's pinning), a helper the kernel had
 * preempted is owed time, and the scheduler gave it the core before the main thread woken by a socket: an
 * optimizing compile or a concurrent marking step then ran 2-5 ms with a stream's next chunk waiting behind it
 * (docs/performance.md). At a higher nice value a helper still runs whenever the main thread waits, and yields to
 * it sooner when it wakes; with cores to spare the helpers run beside it as before. Not too high: while the main
 * thread is busy the helpers get a share by their weight, and at nice 10 (a ninth of the main thread's) a replica
 * loading 100,000 keys under load marked its heap late, peaking 20 MB higher; at 5 (a third) it did not. Linux
 * only (a thread's id is a process id to setpriority there); elsewhere, or at 0, nothing changes. Once a process:
 * a later call (a second gateway in one test process) would find the first one's control plane thread among the
 * helpers. Returns how many it lowered.
 */
let done = false;

export function lowerHelperThreads(nice: number): number {
  if (nice <= 0 || process.platform !== "linux" || done) return 0;
  done = true;
  let tids: number[];
  try {
    tids = readdirSync("/proc/self/task").map(Number);
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const tid of tids) {
    if (tid === process.pid) continue;
    try {
      setPriority(tid, nice);
      lowered++;
    } catch {
      // the thread has ended since the listing
    }
  }
  return lowered;
}
