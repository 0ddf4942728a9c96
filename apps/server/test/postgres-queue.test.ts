import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPostgresQueue, queueProblem } from '../src/db/postgres-queue-check.ts';

// postgres.js keeps its connections in queues (open, busy, full). Under steady load its busy queue never empties,
// and as shipped (3.4.9) every statement then added a slot to the queue's array and scanned all of it: a server
// served 24,000 statements a second at first and 5,700 a minute later. patches/postgres+3.4.9.patch, applied by
// `npm install`, bounds both; this checks the copies the server loads (ES module) and the CommonJS one.
const cjsFolder = dirname(createRequire(import.meta.url).resolve('postgres'));
const copies = [
  ['ES module', join(cjsFolder, '../../src/queue.js')],
  ['CommonJS', join(cjsFolder, 'queue.js')],
];

interface Queue<T> {
  length: number;
  push(item: T): T;
  shift(): T;
  remove(item: T): T | null;
}

describe.each(copies)("postgres.js's connection queue (%s), as patched", (_, file) => {
  it('stays as quick after 100,000 statements under steady load as at the first, and keeps its order', async () => {
    const { default: makeQueue } = (await import(pathToFileURL(file!).href)) as { default: <T>() => Queue<T> };
    const queue = makeQueue<{ connection: number }>();
    const connections = Array.from({ length: 10 }, (_, connection) => ({ connection }));
    for (const connection of connections) queue.push(connection);
    // What postgres.js does for each statement while every connection is busy: take the next connection, move it
    // (remove it from the queue it was in, which no longer holds it) and put it back at the end.
    for (let statement = 0; statement < 100_000; statement++) {
      const next = queue.shift();
      queue.remove(next);
      queue.push(next);
    }
    const scanned: number[] = [];
    const indexOf = Array.prototype.indexOf;
    Array.prototype.indexOf = function (this: unknown[], item: unknown, from?: number) {
      scanned.push(this.length - (from ?? 0));
      return indexOf.call(this, item, from);
    };
    let removed;
    try {
      // A connection that turns idle leaves the busy queue.
      removed = queue.remove(connections[3]!);
    } finally {
      Array.prototype.indexOf = indexOf;
    }
    expect(removed).toBe(connections[3]);
    // It looked at the 10 connections in the queue, not at a slot for every statement so far.
    expect(scanned).toEqual([10]);
    expect(queue.length).toBe(9);
    expect(Array.from({ length: 9 }, () => queue.shift().connection)).toEqual([0, 1, 2, 4, 5, 6, 7, 8, 9]);
    expect(queue.length).toBe(0);
  });
});

describe("the start-up check of postgres.js's queue (docs/decisions/062)", () => {
  it('finds nothing wrong with the queue the server loads', async () => {
    expect(await checkPostgresQueue()).toBeUndefined();
  });

  it('names what is wrong with the queue as shipped, or with one that is not a queue', () => {
    expect(queueProblem(queueAsShipped)).toMatch(/looked at 2060 slots to remove one of 10 connections/);
    expect(queueProblem(() => ({ push: () => {} }))).toBe('its queue has no push, shift and remove');
    expect(queueProblem(undefined)).toBe('its queue.js exports no queue');
  });
});

/** postgres.js 3.4.9's src/queue.js before the patch. */
function queueAsShipped(initial: unknown[] = []) {
  let xs = initial.slice();
  let index = 0;
  return {
    get length() {
      return xs.length - index;
    },
    remove: (x: unknown) => {
      const at = xs.indexOf(x);
      return at === -1 ? null : (xs.splice(at, 1), x);
    },
    push: (x: unknown) => (xs.push(x), x),
    shift: () => {
      const out = xs[index++];
      if (index === xs.length) {
        index = 0;
        xs = [];
      } else {
        xs[index - 1] = undefined;
      }
      return out;
    },
  };
}
