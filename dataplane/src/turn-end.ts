/**
 * Writes put off to the end of the event loop's turn (setImmediate), in the order they were queued: requests to
 * providers and whole responses to clients. What one turn produced then leaves together, so the other side is
 * woken once per turn rather than once per message: for an upstream on the same core that was ~20 % of a data
 * plane's CPU per request under load, for responses ~15 % more (docs/performance.md). The delay is the rest of
 * the turn, nothing more.
 *
 * Work registered with `beforeTurnEndWrites` runs first, before any of the turn's writes: the usage spool's one
 * write of the turn's events, so that no answer leaves before its usage record is on the kernel. Work registered
 * with `afterTurnEndWrites` runs last: bookkeeping no answer waits for (the access line of a request answered
 * this turn), which at one request at a time was ~3.5 µs between the provider's answer and the client's.
 */
let first: (() => void)[] = [];
let queued: (() => void)[] = [];
let last: (() => void)[] = [];
let scheduled = false;

function flush(): void {
  scheduled = false;
  const tasks = first;
  const writes = queued;
  const after = last;
  first = [];
  queued = [];
  last = [];
  for (const t of tasks) t();
  for (const w of writes) w();
  for (const a of after) a();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setImmediate(flush);
}

export function atTurnEnd(write: () => void): void {
  schedule();
  queued.push(write);
}

export function beforeTurnEndWrites(task: () => void): void {
  schedule();
  first.push(task);
}

export function afterTurnEndWrites(task: () => void): void {
  schedule();
  last.push(task);
}
