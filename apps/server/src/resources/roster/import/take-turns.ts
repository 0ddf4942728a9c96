import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * How long the importer works before it lets the event loop answer other requests (docs/decisions/049): /healthz and
 * every other call wait at most about this long behind a 100,000-line import.
 */
export const TURN_MS = 20;

/**
 * For long work on the server's one thread: call the function it answers often (each line). Once TURN_MS have
 * passed since the last turn it waits for the event loop's next turn, in which waiting requests are read and answered.
 */
export function turnTaker(turnMs = TURN_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < turnMs) return;
    await nextTurn();
    since = performance.now();
  };
}

/**
 * Lines looked up or stored by one statement. Statements of 1,000 take tens of milliseconds each (docs/decisions/049),
 * so even the embedded database in the server's own thread (as in tests) never holds the event loop for long.
 */
export const BATCH_LINES = 1000;

/** The items in slices of `size`, in order. */
export function* batchesOf<T>(items: readonly T[], size = BATCH_LINES): Generator<T[]> {
  for (let at = 0; at < items.length; at += size) yield items.slice(at, at + size);
}
