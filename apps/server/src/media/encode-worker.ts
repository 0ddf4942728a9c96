import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Database } from '../db/database.ts';
import {
  claimEncoding,
  type ClaimedJob,
  failEncoding,
  finishEncoding,
  recordProgress,
  releaseEncodings,
  STALE_SECONDS,
} from './encoding-jobs.ts';
import type { MediaStore } from './media-store.ts';
import { encodeLadder, MASTER, POSTER, type Tools } from './video-ladder.ts';

/**
 * The ladder's settings (video-ladder.ts STEPS): a change of them must change this, so that a segment cached for a
 * year under its name (serve-media.ts) is never a different one.
 */
const LADDER_VERSION = 1;

/** Where a source's ladder is kept: a folder named by its address and the ladder's version. */
export const ladderFolder = (source: string) =>
  `ladders/${createHash('sha256').update(source).digest('hex').slice(0, 24)}-${LADDER_VERSION}`;

/** Where the worker tells what it did (the server's log, or the command line's lines). */
export interface EncodeLog {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export interface EncodeWorkerOptions {
  db: Database;
  store: MediaStore;
  tools: Tools;
  log: EncodeLog;
  /** Jobs at once on this machine, all its processes together (ENCODE_CONCURRENCY); 0: it encodes nothing. */
  concurrency: number;
  /** How often the queue is looked at when nothing tells this worker (another instance queued a job). */
  pollMs?: number;
}

/**
 * Encodes queued videos in the background, `concurrency` at a time (docs/decisions/074). Jobs are rows
 * (encoding-jobs.ts): a server that stops hands its running jobs back; one that dies leaves them to be claimed again
 * once their heartbeat is STALE_SECONDS old.
 */
export class EncodeWorker {
  private readonly host = hostname();
  readonly id = `${this.host}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly running = new Map<string, { stop: AbortController; done: Promise<void> }>();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private stopped = false;
  private looking: Promise<void> | undefined;
  private lookAgain = false;

  constructor(private readonly options: EncodeWorkerOptions) {}

  start() {
    if (this.options.concurrency < 1) return;
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 10_000);
    this.timer.unref();
    // Renewed apart from ffmpeg's progress, which a long first frame or a slow disk may hold back.
    this.heartbeat = setInterval(
      () => {
        for (const source of this.running.keys())
          void recordProgress(this.options.db, this.id, source, 0).catch(() => undefined);
      },
      (STALE_SECONDS * 1000) / 4,
    );
    this.heartbeat.unref();
    this.kick();
  }

  /** Looks at the queue now (a job was just queued here). */
  kick() {
    if (this.stopped || this.options.concurrency < 1) return;
    if (this.looking) {
      this.lookAgain = true;
      return;
    }
    this.looking = this.fill()
      .catch((error: unknown) => this.options.log.error({ err: error }, 'Could not look at the encoding queue'))
      .finally(() => {
        this.looking = undefined;
        if (this.lookAgain) {
          this.lookAgain = false;
          this.kick();
        }
      });
  }

  /** Resolves once nothing runs here and the queue was looked at (the command line waits for the queue this way). */
  async idle() {
    while (this.looking || this.running.size) {
      const pending = [...this.running.values()].map((job) => job.done);
      await Promise.race(this.looking ? [this.looking, ...pending] : pending);
    }
  }

  private async fill() {
    while (!this.stopped && this.running.size < this.options.concurrency) {
      const job = await claimEncoding(this.options.db, this.host, this.id, this.options.concurrency);
      if (!job) return;
      const stop = new AbortController();
      const done = this.encode(job, stop.signal).finally(() => {
        this.running.delete(job.source);
        this.kick();
      });
      this.running.set(job.source, { stop, done });
    }
  }

  private async encode(job: ClaimedJob, signal: AbortSignal) {
    const { db, store, tools, log } = this.options;
    const folder = ladderFolder(job.source);
    const work = await store.workFolder();
    let lastWrite = 0;
    const started = Date.now();
    try {
      const source = await store.localFile(job.source.slice('/media/'.length));
      const { probe, steps } = await encodeLadder(
        tools,
        source,
        work,
        (fraction) => {
          // Written every two seconds at most: the console reads it; a row per frame would be noise.
          if (Date.now() - lastWrite < 2000) return;
          lastWrite = Date.now();
          void recordProgress(db, this.id, job.source, fraction).catch(() => undefined);
        },
        signal,
      );
      await store.publish(work, folder);
      await finishEncoding(db, this.id, job.source, {
        playlist: `/media/${folder}/${MASTER}`,
        poster: `/media/${folder}/${POSTER}`,
        durationSeconds: probe.durationSeconds,
        steps,
      });
      log.info(
        { source: job.source, seconds: (Date.now() - started) / 1000, steps },
        'Encoded a video into its ladder',
      );
    } catch (error) {
      await store.discard(work);
      if (signal.aborted) return;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        // No ffmpeg here: the job waits for a machine that has it (or this one, once installed and restarted).
        this.stopped = true;
        await releaseEncodings(db, this.id);
        log.error(
          { ffmpeg: tools.ffmpeg },
          'ffmpeg is not installed: uploaded videos play as uploaded until it is (scripts/ensure-ffmpeg.sh)',
        );
        return;
      }
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ source: job.source, reason }, 'Could not encode a video; its topic plays the original file');
      await failEncoding(db, this.id, job.source, reason);
    }
  }

  /** Stops ffmpeg and puts this instance's running jobs back in the queue, so another start takes them up at once. */
  async stop() {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.heartbeat);
    await this.looking;
    const jobs = [...this.running.values()];
    for (const job of jobs) job.stop.abort();
    await Promise.all(jobs.map((job) => job.done));
    if (jobs.length) await releaseEncodings(this.options.db, this.id);
  }
}
