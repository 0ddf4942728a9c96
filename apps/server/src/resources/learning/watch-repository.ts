import type { WatchedTopic } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import { LADDER_COLUMNS, LADDER_JOIN, type WithSubject } from './topic-repository.ts';

/** How many watched topics the history shows: a screenful of recent work, not the whole past. */
export const HISTORY_LIMIT = 50;

/**
 * Keeps the student's last position per topic. A call without a position (other clients send only
 * {stud_id, topic_id}) only marks the topic as watched now and keeps the position already stored.
 * A position never moves backwards: reports can arrive out of order (a keepalive on leaving, a retry after
 * a lost connection), and the furthest point reached is where the student resumes.
 */
export async function saveProgress(
  db: Queryable,
  studentId: number,
  topicId: number,
  progress: { position_seconds?: number | undefined; duration_seconds?: number | undefined },
) {
  const duration = progress.duration_seconds ?? null;
  // A player may report a position a hair past the end; never store more than the video's length.
  const position =
    progress.position_seconds === undefined
      ? null
      : duration === null
        ? progress.position_seconds
        : Math.min(progress.position_seconds, duration);
  await db.query(
    `INSERT INTO watch_progress AS w (student_id, topic_id, position_seconds, duration_seconds, updated_at)
     VALUES ($1, $2, COALESCE($3::real, 0), $4::real, clock_timestamp())
     ON CONFLICT (student_id, topic_id) DO UPDATE
        SET position_seconds = GREATEST(COALESCE($3::real, w.position_seconds), w.position_seconds),
            duration_seconds = COALESCE($4::real, w.duration_seconds),
            updated_at = clock_timestamp()`,
    [studentId, topicId, position, duration],
  );
}

/**
 * Newest first, by the watch_progress_recent index. Topics of subjects the student has left drop out,
 * as they would from the topic lists.
 */
export function listRecentlyWatched(db: Queryable, studentId: number): Promise<WithSubject<WatchedTopic>[]> {
  return db.query<WithSubject<WatchedTopic>>(
    `SELECT w.topic_id, s.name AS subject_name, s.id AS subject_id, c.name AS chapter_name, t.name AS topic_name,
            ${LADDER_COLUMNS}, w.position_seconds,
            COALESCE(w.duration_seconds, t.duration_seconds::real, e.duration_seconds) AS duration_seconds,
            to_char(w.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS watched_at
       FROM watch_progress w
       JOIN topics t ON t.id = w.topic_id AND t.deleted_at IS NULL
       JOIN chapters c ON c.id = t.chapter_id
       JOIN subjects s ON s.id = c.subject_id
       JOIN reachable_subjects r ON r.subject_id = c.subject_id AND r.student_id = w.student_id
       ${LADDER_JOIN}
      WHERE w.student_id = $1
      ORDER BY w.updated_at DESC
      LIMIT ${HISTORY_LIMIT}`,
    [studentId],
  );
}
