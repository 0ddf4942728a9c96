// The embedded database's own thread (docs/decisions/031): PGlite runs PostgreSQL compiled to WebAssembly, and
// every query it runs blocks the thread it runs in. Here that is this worker, not the HTTP server's event loop.
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { pgliteOptions, type PgliteSwitches } from './pglite-options.ts';
import { rememberFileSizes } from './pglite-file-sizes.ts';
import { preparedQueries } from './pglite-statements.ts';
import { type Reply, type Request, toWireError } from './pglite-protocol.ts';

if (!parentPort) throw new Error('pglite-worker.ts runs as a worker thread (see pglite-thread.ts)');
const port = parentPort;
const { dataDir, switches } = workerData as { dataDir: string; switches: PgliteSwitches };
const pg = new PGlite(dataDir, pgliteOptions);
/** What start-up's checks turned off, for the server's thread to log. */
const warnings: string[] = [];
const warn = (message: string) => warnings.push(message);
const ready = pg.waitReady.then(() => {
  if (switches.fileSizes) rememberFileSizes(pg, warn);
  return preparedQueries(pg, { wire: switches.wire, warn });
});

/** Open transactions: each waits, inside PGlite's `transaction`, for the main thread's commit or rollback. */
const open = new Map<number, { tx: Transaction; finish: (commit: boolean) => void; done: Promise<unknown> }>();
let nextTransaction = 1;
const ROLLBACK = Symbol('rollback');

const send = (reply: Reply) => port.postMessage(reply);

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'ready':
      await ready;
      return warnings;
    case 'query': {
      const { query } = await ready;
      if (request.tx === undefined) return query(request.sql, request.params);
      const tx = open.get(request.tx)?.tx;
      if (!tx) throw new Error(`transaction ${request.tx} is not open`);
      return query(request.sql, request.params, tx);
    }
    case 'begin':
      return begin();
    case 'end': {
      const transaction = open.get(request.tx);
      if (!transaction) throw new Error(`transaction ${request.tx} is not open`);
      transaction.finish(request.commit);
      try {
        await transaction.done;
      } catch (error) {
        if (error !== ROLLBACK) throw error;
      }
      return null;
    }
    case 'listen':
      await (await ready).listen(request.channel, (payload) => send({ notify: request.channel, payload }));
      return null;
    case 'close':
      await pg.close();
      return null;
  }
}

/** Starts a transaction and answers its number once BEGIN has run; it ends with an `end` request. */
function begin() {
  const id = nextTransaction++;
  return new Promise<number>((started, failed) => {
    let finish: (commit: boolean) => void = () => {};
    const decided = new Promise<boolean>((resolve) => (finish = resolve));
    const done = pg
      .transaction(async (tx) => {
        open.set(id, { tx, finish, done });
        started(id);
        if (!(await decided)) throw ROLLBACK;
      })
      .finally(() => open.delete(id));
    // A BEGIN that fails never reaches the callback (later failures are the `end` request's to answer).
    done.catch(failed);
  });
}

port.on('message', (request: Request) => {
  handle(request).then(
    (value) => send({ id: request.id, value }),
    (error: unknown) => send({ id: request.id, error: toWireError(error) }),
  );
});
