import type { Topic } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-error.ts';
import { listInReach } from '../subjects/access.ts';

/** A topic with its subject's id, which its signed video link names (media/signed-links.ts). */
export type WithSubject<T> = T & { subject_id: number };

/**
 * A topic's video as students get it: its HLS ladder once encoded (migration 110, docs/decisions/074), the original
 * file until then; the ladder's poster when the topic has no picture of its own. Needs LADDER_JOIN.
 */
export const LADDER_COLUMNS = `COALESCE(e.playlist, t.video_link) AS video_link,
  CASE WHEN t.thumbnail = '' THEN COALESCE(e.poster, '') ELSE t.thumbnail END AS thumbnail`;
export const LADDER_JOIN = `LEFT JOIN video_encodings e ON e.source = t.video_link AND e.state = 'ready'`;

/** A chapter has a handful of topics; the cap only keeps a mistaken import from flooding the screen. */
const MAX_TOPICS = 200;

/**
 * The chapter's topics in order, each with this student's last position (topics_chapter, watch_progress key), the
 * enrolment checked in the same query (one trip to the database instead of two); null when the chapter is out of the
 * student's reach or does not exist. Reach is checked on the chapter's subject, already joined: reachable_chapters
 * would read the chapter a second time.
 */
export async function listReachableTopics(
  db: Queryable,
  studentId: number,
  chapterId: number,
): Promise<WithSubject<Topic>[] | null> {
  const rows = await db.query<Omit<WithSubject<Topic>, 'topic_id'> & { topic_id: number | null }>(
    `SELECT t.topic_id, t.topic_name, t.video_link, t.thumbnail,
            s.name AS subject_name, c.name AS chapter_name, s.id AS subject_id,
            t.position_seconds, t.duration_seconds
       FROM chapters c
       JOIN subjects s ON s.id = c.subject_id
       JOIN reachable_subjects r ON r.subject_id = s.id AND r.student_id = $1
       LEFT JOIN LATERAL (
         SELECT t.id AS topic_id, t.name AS topic_name, ${LADDER_COLUMNS}, t.position,
                w.position_seconds,
                COALESCE(w.duration_seconds, t.duration_seconds::real, e.duration_seconds) AS duration_seconds
           FROM topics t
           LEFT JOIN watch_progress w ON w.topic_id = t.id AND w.student_id = $1
           ${LADDER_JOIN}
          WHERE t.chapter_id = c.id AND t.deleted_at IS NULL
          ORDER BY t.position, t.id
          LIMIT ${MAX_TOPICS}
       ) t ON true
      WHERE c.id = $2
      ORDER BY t.position, t.topic_id`,
    [studentId, chapterId],
  );
  return listInReach(rows, 'topic_id');
}

/**
 * A topic is the student's only when its chapter's subject is one they are enrolled in;
 * anything else answers 404, like an id that does not exist (docs/decisions/004).
 */
export async function requireTopic(db: Queryable, studentId: number, topicId: number) {
  const [row] = await db.query<{ id: number }>(
    `SELECT t.id
       FROM topics t
       JOIN reachable_chapters r ON r.chapter_id = t.chapter_id AND r.student_id = $1
      WHERE t.id = $2 AND t.deleted_at IS NULL`,
    [studentId, topicId],
  );
  if (!row) throw notFound('That topic');
  return row;
}
