/**
 * Writes put off to the end of the event loop's turn (setImmediate), in the order they were queued: requests to
 * providers and whole responses to clients. What one turn produced then leaves together, so the other side is
 * woken once per turn rather than once per message: for an upstream on the same core that was ~20 % of a data
 * plane's CPU per request under load, for responses ~15 % more (docs/performance.md). The delay is the rest of
 * the turn, nothing more.
 */
let queued: (() => void)[] = [];

function flush(): void {
  const writes = queued;
  queued = [];
  for (const w of writes) w();
}

export function atTurnEnd(write: () => void): void {
  if (queued.length === 0) setImmediate(flush);
  queued.push(write);
}
