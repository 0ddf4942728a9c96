import type { Queryable } from '../src/db/database.ts';

/**
 * Makes the tables about a hundred times larger with other students' data, which the demo student's
 * calls must not read: a query that scans instead of seeking shows up as slower calls and Seq Scan plans.
 */
export async function growData(db: Queryable, factor = 100) {
  await db.query(
    `INSERT INTO students (name, phone_code, mobile)
    SELECT 'Student ' || g, '91', (7000000000 + g)::text FROM generate_series(1, $1::int * 20) g`,
    [factor],
  );
  await db.query(
    `INSERT INTO subjects (name, position) SELECT 'Subject ' || g, 100 + g FROM generate_series(1, $1::int) g`,
    [factor],
  );
  await db.query(`INSERT INTO enrolments (student_id, subject_id)
    SELECT s.id, sub.id FROM (SELECT id FROM students WHERE mobile LIKE '7%') s
      JOIN (SELECT id FROM subjects WHERE name LIKE 'Subject %') sub ON (s.id + sub.id) % 10 = 0`);
  await db.query(`INSERT INTO chapters (subject_id, name, position)
    SELECT sub.id, 'Chapter ' || g, g FROM subjects sub, generate_series(1, 10) g WHERE sub.name LIKE 'Subject %'`);
  await db.query(`INSERT INTO topics (chapter_id, name, video_link, position)
    SELECT c.id, 'Topic ' || g, '/media/none.webm', g FROM chapters c, generate_series(1, 10) g WHERE c.name LIKE 'Chapter %'`);
  await db.query(`INSERT INTO watch_progress (student_id, topic_id, position_seconds)
    SELECT s.id, t.id, 10 FROM (SELECT id FROM students WHERE mobile LIKE '7%' LIMIT 500) s
      JOIN LATERAL (SELECT id FROM topics WHERE name LIKE 'Topic %' ORDER BY random() LIMIT 20) t ON true`);
  await db.query(
    `INSERT INTO batches (subject_id, name) SELECT id, 'Batch ' || id FROM subjects WHERE name LIKE 'Subject %'`,
  );
  await db.query(`INSERT INTO batch_members (student_id, batch_id)
    SELECT e.student_id, b.id FROM enrolments e JOIN batches b ON b.subject_id = e.subject_id WHERE b.name LIKE 'Batch %'`);
  await db.query(`INSERT INTO live_classes (batch_id, class_name, tutor_name, online_url, starts_at)
    SELECT b.id, 'Class ' || g, 'Tutor', 'https://meet.example.com/x', now() + g * interval '1 hour'
      FROM batches b, generate_series(1, 20) g WHERE b.name LIKE 'Batch %'`);
  await db.query(`INSERT INTO study_materials (chapter_id, title, file_name)
    SELECT id, 'Notes', 'none.pdf' FROM chapters WHERE name LIKE 'Chapter %'`);
  await db.query(`INSERT INTO quizzes (chapter_id, name, pass_marks)
    SELECT id, 'Quiz', 1 FROM chapters WHERE name LIKE 'Chapter %'`);
  await db.query(`INSERT INTO questions (quiz_id, question, options, correct_answer, marks, position)
    SELECT q.id, 'Q' || g, '["a","b","c","d"]'::jsonb, 'a', 1, g FROM quizzes q, generate_series(1, 5) g WHERE q.name = 'Quiz'`);
  await db.query(`INSERT INTO quiz_attempts (quiz_id, student_id, marks, max_marks, result, answers_hash)
    SELECT q.id, s.id, 3, 5, 'pass', md5(q.id || '-' || s.id) FROM (SELECT id FROM quizzes WHERE name = 'Quiz' LIMIT 200) q
      CROSS JOIN (SELECT id FROM students WHERE mobile LIKE '7%' LIMIT 100) s`);
  // Every grown attempt answers each of its quiz's questions, so the report review reads a large table too.
  await db.query(`INSERT INTO attempt_answers (attempt_id, question_id, answer)
    SELECT a.id, qu.id, 'a' FROM quiz_attempts a JOIN questions qu ON qu.quiz_id = a.quiz_id WHERE a.answers_hash = md5(a.quiz_id || '-' || a.student_id)`);
  await db.query(
    `INSERT INTO news (heading, body, published_at)
    SELECT 'News ' || g, '<p>Body</p>', now() - g * interval '1 hour' FROM generate_series(1, $1::int * 20) g`,
    [factor],
  );
  await db.query('ANALYZE');
}
