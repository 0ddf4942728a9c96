import type { Queryable } from '../src/db/database.ts';

/**
 * Grows a migrated database to `students` × `topics` watch rows, in SQL (generate_series), with their students, one
 * subject, one chapter and its topics: the size at which a backup that held a table in memory fell over (issue 33).
 */
export async function growWatchRows(db: Queryable, { students, topics }: { students: number; topics: number }) {
  const [subject] = await db.query<{ id: number }>(`INSERT INTO subjects (name) VALUES ('Grown subject') RETURNING id`);
  const [chapter] = await db.query<{ id: number }>(
    `INSERT INTO chapters (subject_id, name) VALUES ($1, 'Grown chapter') RETURNING id`,
    [subject?.id],
  );
  await db.query(
    `INSERT INTO topics (chapter_id, name, video_link, duration_seconds, position)
     SELECT $1, 'Grown topic ' || n, '/media/videos/grown-' || n || '.webm', 600, n FROM generate_series(1, $2::int) n`,
    [chapter?.id, topics],
  );
  await db.query(
    `INSERT INTO students (name, phone_code, mobile, state, district, email)
     SELECT 'Grown student ' || n, '+91', (7000000000 + n)::text, 'Kerala', 'Ernakulam', 'grown' || n || '@example.org'
       FROM generate_series(1, $1::int) n`,
    [students],
  );
  await db.query(
    `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds, updated_at)
     SELECT s.id, t.id, (s.id * 7 + t.id) % 600, 600, timestamptz '2026-06-01' + (s.id + t.id) * interval '1 minute'
       FROM students s CROSS JOIN topics t WHERE s.name LIKE 'Grown student %' AND t.chapter_id = $1`,
    [chapter?.id],
  );
}

export const countWatchRows = async (db: Queryable) =>
  (await db.query<{ count: number }>('SELECT count(*)::int AS count FROM watch_progress'))[0]?.count ?? 0;
