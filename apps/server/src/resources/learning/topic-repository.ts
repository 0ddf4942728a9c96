import type { Topic } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';
import { notFound } from '../../http/api-error.ts';

/** A chapter has a handful of topics; the cap only keeps a mistaken import from flooding the screen. */
const MAX_TOPICS = 200;

/** The chapter's topics in order, each with this student's last position (topics_chapter, watch_progress key). */
export function listTopics(
  db: Queryable,
  studentId: number,
  chapter: { id: number; name: string; subject_name: string },
): Promise<Topic[]> {
  return db.query<Topic>(
    `SELECT t.id AS topic_id, t.name AS topic_name, t.video_link, t.thumbnail,
            $3::text AS subject_name, $4::text AS chapter_name,
            w.position_seconds,
            COALESCE(w.duration_seconds, t.duration_seconds::real) AS duration_seconds
       FROM topics t
       LEFT JOIN watch_progress w ON w.topic_id = t.id AND w.student_id = $2
      WHERE t.chapter_id = $1 AND t.deleted_at IS NULL
      ORDER BY t.position, t.id
      LIMIT ${MAX_TOPICS}`,
    [chapter.id, studentId, chapter.subject_name, chapter.name],
  );
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
