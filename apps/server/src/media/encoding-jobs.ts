import type { Database, Queryable } from '../db/database.ts';
import type { MadeStep } from './video-ladder.ts';

// The encoding jobs, kept in video_encodings (migration 110) so that they outlive the process that runs them.

/** A running job whose worker has not been heard from for this long belongs to a server that stopped. */
export const STALE_SECONDS = 60;
/** A job that stopped its server this many times is not tried again (it may be what stops it). */
export const MAX_ATTEMPTS = 3;

const ENCODABLE = /^\/media\/[^?#]+\.(mp4|m4v|mov|webm|mkv|ogv)$/i;

/** Whether a stored address is a video file this server can encode (not an HLS playlist, not another site). */
export const isEncodable = (address: string) => ENCODABLE.test(address) && !address.includes('/../');

/** Queues `address` for encoding unless it is queued or encoded already; whether a job was added. */
export async function queueEncoding(db: Queryable, address: string): Promise<boolean> {
  if (!isEncodable(address)) return false;
  const added = await db.query(
    `INSERT INTO video_encodings (source) VALUES ($1) ON CONFLICT (source) DO NOTHING RETURNING source`,
    [address],
  );
  return added.length > 0;
}

/** Queues every topic's video that has no ladder and no job yet (`encode pending`); the number queued. */
export async function queueTopicVideos(db: Queryable): Promise<number> {
  const videos = await db.query<{ video_link: string }>(
    `SELECT DISTINCT t.video_link FROM topics t
      WHERE t.video_link LIKE '/media/%'
        AND NOT EXISTS (SELECT 1 FROM video_encodings e WHERE e.source = t.video_link)`,
  );
  let queued = 0;
  for (const { video_link: address } of videos) if (await queueEncoding(db, address)) queued++;
  return queued;
}

export interface ClaimedJob {
  source: string;
  attempts: number;
}

/**
 * Takes the oldest job no worker holds: a waiting one, or a running one whose worker went quiet (its server
 * stopped), unless `host` already runs `concurrency` jobs (the processes of one machine, WORKERS, share
 * ENCODE_CONCURRENCY: `worker` starts with `host:`). FOR UPDATE SKIP LOCKED: two instances claiming at once take
 * different jobs; the host's advisory lock keeps two processes of one machine from both taking its last place.
 */
export function claimEncoding(
  db: Database,
  host: string,
  worker: string,
  concurrency: number,
): Promise<ClaimedJob | undefined> {
  return db.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtext('video_encodings:' || $1))`, [host]);
    const [busy] = await tx.query<{ running: number }>(
      `SELECT count(*)::int AS running FROM video_encodings
        WHERE state = 'running' AND starts_with(claimed_by, $1 || ':') AND heartbeat_at >= now() - interval '${STALE_SECONDS} seconds'`,
      [host],
    );
    if ((busy?.running ?? 0) >= concurrency) return undefined;
    return claimNext(tx, worker);
  });
}

async function claimNext(db: Queryable, worker: string): Promise<ClaimedJob | undefined> {
  await db.query(
    `UPDATE video_encodings
        SET state = 'failed', error = 'The server stopped while encoding it ${MAX_ATTEMPTS} times.', finished_at = now()
      WHERE state = 'running' AND attempts >= ${MAX_ATTEMPTS} AND heartbeat_at < now() - interval '${STALE_SECONDS} seconds'`,
  );
  const [job] = await db.query<ClaimedJob>(
    `UPDATE video_encodings
        SET state = 'running', claimed_by = $1, heartbeat_at = now(), attempts = attempts + 1, progress = 0, error = NULL
      WHERE source = (
        SELECT source FROM video_encodings
         WHERE state = 'waiting'
            OR (state = 'running' AND attempts < ${MAX_ATTEMPTS} AND heartbeat_at < now() - interval '${STALE_SECONDS} seconds')
         ORDER BY queued_at
         LIMIT 1
         FOR UPDATE SKIP LOCKED)
      RETURNING source, attempts`,
    [worker],
  );
  return job;
}

/** Records progress (and that the worker lives); false when the job is no longer this worker's. */
export async function recordProgress(db: Queryable, worker: string, source: string, progress: number) {
  const rows = await db.query(
    `UPDATE video_encodings SET progress = GREATEST(progress, $3), heartbeat_at = now()
      WHERE source = $2 AND claimed_by = $1 AND state = 'running' RETURNING source`,
    [worker, source, Math.max(0, Math.min(1, progress))],
  );
  return rows.length > 0;
}

export async function finishEncoding(
  db: Queryable,
  worker: string,
  source: string,
  result: { playlist: string; poster: string; durationSeconds: number; steps: MadeStep[] },
) {
  await db.query(
    `UPDATE video_encodings
        SET state = 'ready', progress = 1, playlist = $3, poster = $4, duration_seconds = $5, steps = $6::jsonb,
            finished_at = now(), heartbeat_at = now()
      WHERE source = $2 AND claimed_by = $1`,
    [worker, source, result.playlist, result.poster, result.durationSeconds, JSON.stringify(result.steps)],
  );
}

export async function failEncoding(db: Queryable, worker: string, source: string, error: string) {
  await db.query(
    `UPDATE video_encodings SET state = 'failed', error = $3, finished_at = now()
      WHERE source = $2 AND claimed_by = $1 AND state = 'running'`,
    [worker, source, error.slice(0, 1000)],
  );
}

/** Puts this worker's running jobs back in the queue (the server is stopping); they start again elsewhere or later. */
export async function releaseEncodings(db: Queryable, worker: string) {
  await db.query(
    `UPDATE video_encodings SET state = 'waiting', claimed_by = NULL, progress = 0, attempts = GREATEST(attempts - 1, 0)
      WHERE claimed_by = $1 AND state = 'running'`,
    [worker],
  );
}

/** Whether any job is waiting or running (anywhere). */
export async function openEncodings(db: Queryable): Promise<number> {
  const [row] = await db.query<{ open: number }>(
    `SELECT count(*)::int AS open FROM video_encodings WHERE state IN ('waiting', 'running')`,
  );
  return row?.open ?? 0;
}
