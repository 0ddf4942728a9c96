import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Database, Queryable } from './database.ts';
import { allOn, type PgliteSwitches } from './pglite-options.ts';
import { fromWireError, type Reply, type Request } from './pglite-protocol.ts';

type Op = Request extends infer R ? (R extends Request ? Omit<R, 'id'> : never) : never;

/**
 * The worker's file beside this one: JavaScript once built; from source, TypeScript that the worker loads through
 * tsx's API (Node 20 does not apply `--import tsx` to a worker's own file).
 */
function startWorker(dataDir: string, switches: PgliteSwitches) {
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: { dataDir, switches } });
  const file = JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href);
  return new Worker(`import(${JSON.stringify(tsxApi())}).then(({ tsImport }) => tsImport(${file}, ${file}))`, {
    eval: true,
    workerData: { dataDir, switches },
  });
}

/** Where tsx's ES module API is, by its package's own exports (a worker resolves bare names from its working directory). */
function tsxApi() {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: Record<string, { import: { default: string } }>;
  };
  const entry = exports['./esm/api']?.import.default;
  if (!entry) throw new Error('tsx has no ./esm/api export: run the built server (npm run build) instead');
  return pathToFileURL(join(dirname(manifest), entry)).href;
}

/**
 * The embedded database on a thread of its own (pglite-worker.ts), so the HTTP server's event loop is never blocked
 * by a query (docs/decisions/031). It offers what the in-process one does, transactions and notices included.
 */
export async function openPgliteThread(
  dataDir: string,
  switches = allOn,
  warn: (message: string) => void = console.warn,
): Promise<Database> {
  const worker = startWorker(dataDir, switches);
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  const listeners = new Map<string, { onMessage: (payload: string) => void; onState: (listening: boolean) => void }>();
  let nextId = 1;
  let stopped: Error | undefined;

  const stop = (error: Error) => {
    stopped ??= error;
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
    for (const { onState } of listeners.values()) onState(false);
  };
  worker.on('message', (reply: Reply) => {
    if ('notify' in reply) return listeners.get(reply.notify)?.onMessage(reply.payload);
    const call = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.error) call?.reject(fromWireError(reply.error));
    else call?.resolve(reply.value);
  });
  worker.on('error', (error) => stop(new Error(`The embedded database stopped: ${error.message}`, { cause: error })));
  worker.on('exit', (code) => stop(new Error(`The embedded database stopped (its thread exited with ${code}).`)));

  const call = <T>(op: Op) =>
    new Promise<T>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...op, id });
    });
  const queryIn =
    (tx?: number): Queryable['query'] =>
    (sql, params) =>
      call({ op: 'query', sql, params: params ? [...params] : [], tx });

  try {
    for (const message of await call<string[]>({ op: 'ready' })) warn(message);
  } catch (error) {
    await worker.terminate();
    throw error;
  }
  return {
    kind: 'pglite',
    query: queryIn(),
    async transaction(work) {
      const tx = await call<number>({ op: 'begin' });
      let value;
      try {
        value = await work({ query: queryIn(tx) });
      } catch (error) {
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return value;
    },
    async close() {
      if (!stopped) await call({ op: 'close' });
      await worker.terminate();
    },
    // One process holds the embedded database, so no notification is missed while its thread runs.
    async listen(channel, onMessage, onState) {
      listeners.set(channel, { onMessage, onState });
      await call({ op: 'listen', channel });
      onState(true);
      return async () => {
        listeners.delete(channel);
      };
    },
  };
}
