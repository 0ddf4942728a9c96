import cluster, { type Worker } from 'node:cluster';
import type { Config } from '../config.ts';
import { say } from '../start-log.ts';
import { answerMetricsRequests } from './cluster-metrics.ts';

/** A worker that served this long before dying is replaced at once; one that dies sooner, after a pause. */
const STEADY_MS = 10_000;
const PAUSE_MS = 5_000;

/**
 * The first process of `WORKERS` > 1: it serves nothing itself. It starts the workers (each a whole portal with its
 * own pool and caches, sharing the port), says the portal is up once every one listens, replaces a worker that dies,
 * and stops them all on SIGTERM/SIGINT. A worker that dies before it ever listened (a database that never answered,
 * a migration that failed) stops the portal: replacing it would only fail again, and the operator must see why.
 */
export function runPrimary(config: Pick<Config, 'WORKERS' | 'PORT'>, describe: string) {
  let stopping = false;
  let started = false;
  const bornAt = new Map<Worker, number>();
  const listening = new Set<Worker>();

  answerMetricsRequests();

  const fork = () => bornAt.set(cluster.fork(), Date.now());

  cluster.on('listening', (worker) => {
    listening.add(worker);
    if (started || listening.size < config.WORKERS) return;
    started = true;
    say(30, `portal on http://localhost:${config.PORT} (${describe}, ${config.WORKERS} workers)`, {
      workers: config.WORKERS,
    });
  });

  cluster.on('exit', (worker, code, signal) => {
    const served = listening.delete(worker);
    const lived = Date.now() - (bornAt.get(worker) ?? 0);
    bornAt.delete(worker);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit();
      return;
    }
    if (!served) {
      say(60, 'a worker stopped before it could serve; stopping the portal', { pid: worker.process.pid, code, signal });
      stop(1);
      return;
    }
    say(50, 'a worker stopped; starting another', { pid: worker.process.pid, code, signal });
    if (lived >= STEADY_MS) fork();
    else setTimeout(() => stopping || fork(), PAUSE_MS).unref();
  });

  /** Asks every worker to stop; the last one's exit ends this process with `exitCode`. */
  function stop(exitCode: number) {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    const workers = Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined);
    if (workers.length === 0) process.exit();
    // Each worker closes its server and pool itself, letting answers in flight finish (serve.ts).
    for (const worker of workers) worker.process.kill('SIGTERM');
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  for (let i = 0; i < config.WORKERS; i++) fork();
}
