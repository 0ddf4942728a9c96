import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

interface Queue<T> {
  push(item: T): T;
  shift(): T;
  remove(item: T): T | null;
}

const MOVES = 2050;

/**
 * What is wrong with a postgres.js connection queue that patches/postgres+3.4.9.patch fixed, or undefined
 * (docs/decisions/062). As postgres.js does for each statement while every connection is busy, it moves 10
 * connections round 2,050 times; then removing one must look at the 10 in the queue, not at a slot a move, and the
 * order must hold. `Array.prototype.indexOf` is watched for that one synchronous call.
 */
export function queueProblem(makeQueue: unknown): string | undefined {
  if (typeof makeQueue !== 'function') return 'its queue.js exports no queue';
  const queue = (makeQueue as () => Partial<Queue<object>>)();
  if (typeof queue.push !== 'function' || typeof queue.shift !== 'function' || typeof queue.remove !== 'function')
    return 'its queue has no push, shift and remove';
  const { push, shift, remove } = queue as Queue<object>;
  const connections = Array.from({ length: 10 }, () => ({}));
  for (const connection of connections) push(connection);
  for (let move = 0; move < MOVES; move++) {
    const next = shift();
    remove(next);
    push(next);
  }
  const scanned: number[] = [];
  const indexOf = Array.prototype.indexOf;
  Array.prototype.indexOf = function (this: unknown[], item: unknown, from?: number) {
    scanned.push(this.length - (from ?? 0));
    return indexOf.call(this, item, from);
  };
  let removed;
  try {
    removed = remove(connections[3]!);
  } finally {
    Array.prototype.indexOf = indexOf;
  }
  const order = Array.from({ length: 9 }, () => connections.indexOf(shift()));
  if (removed !== connections[3] || order.join() !== '0,1,2,4,5,6,7,8,9') return 'its queue lost its order';
  const most = Math.max(0, ...scanned);
  if (most > connections.length) return `its queue looked at ${most} slots to remove one of 10 connections`;
  return undefined;
}

/** The check on the queue the server loads (postgres.js's ES module copy); the problem, or undefined. */
export async function checkPostgresQueue(): Promise<string | undefined> {
  const file = join(dirname(createRequire(import.meta.url).resolve('postgres')), '../../src/queue.js');
  try {
    const { default: makeQueue } = (await import(pathToFileURL(file).href)) as { default: unknown };
    return queueProblem(makeQueue);
  } catch (error) {
    return `its queue.js did not load (${error instanceof Error ? error.message : String(error)})`;
  }
}
