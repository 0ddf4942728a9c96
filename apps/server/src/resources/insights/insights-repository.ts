import type { Queryable } from '../../db/database.ts';

/** Closer to the end than this is watched to the end, as the student app counts it (watch-time.ts). */
export const FINISHED_WITHIN_SECONDS = 2;
/** The catalogue offers the institute's first subjects in its order; a coaching institute has tens. */
export const CATALOGUE_SUBJECTS = 200;

export const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export async function catalogue(db: Queryable) {
  const batches = await db.query<{ subject_id: number; id: number; name: string }>(
    `SELECT b.subject_id, b.id, b.name FROM batches b
      WHERE b.subject_id IN (SELECT id FROM subjects ORDER BY position, id LIMIT ${CATALOGUE_SUBJECTS})
      ORDER BY b.subject_id, b.name, b.id`,
  );
  const rows = await db.query<{
    subject_id: number;
    subject: string;
    chapter_id: number | null;
    chapter: string | null;
    quiz_id: number | null;
    quiz: string | null;
  }>(
    `WITH s AS (SELECT id, name, position FROM subjects ORDER BY position, id LIMIT ${CATALOGUE_SUBJECTS})
     SELECT s.id AS subject_id, s.name AS subject, c.id AS chapter_id, c.name AS chapter, q.id AS quiz_id, q.name AS quiz
       FROM s
       LEFT JOIN chapters c ON c.subject_id = s.id
       LEFT JOIN quizzes q ON q.chapter_id = c.id
      ORDER BY s.position, s.id, c.position, c.id, q.added_on, q.id`,
  );
  type Chapter = { id: number; name: string; quizzes: { id: number; name: string }[] };
  type Batch = { id: number; name: string };
  const subjects: { id: number; name: string; chapters: Chapter[]; batches: Batch[] }[] = [];
  const batchesOf = new Map<number, Batch[]>();
  for (const { subject_id, id, name } of batches)
    batchesOf.set(subject_id, [...(batchesOf.get(subject_id) ?? []), { id, name }]);
  for (const row of rows) {
    let subject = subjects.at(-1);
    if (subject?.id !== row.subject_id)
      subjects.push(
        (subject = {
          id: row.subject_id,
          name: row.subject,
          chapters: [],
          batches: batchesOf.get(row.subject_id) ?? [],
        }),
      );
    if (row.chapter_id === null) continue;
    let chapter = subject.chapters.at(-1);
    if (chapter?.id !== row.chapter_id)
      subject.chapters.push((chapter = { id: row.chapter_id, name: row.chapter!, quizzes: [] }));
    if (row.quiz_id !== null) chapter.quizzes.push({ id: row.quiz_id, name: row.quiz! });
  }
  return subjects;
}

export async function subjectExists(db: Queryable, subjectId: number) {
  return (await db.query('SELECT 1 FROM subjects WHERE id = $1', [subjectId])).length === 1;
}

/** Enrolled students of the subject, and per topic how many of them watched it and watched it to the end. */
export async function topicReach(db: Queryable, subjectId: number) {
  const [enrolled] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM enrolments WHERE subject_id = $1', [
    subjectId,
  ]);
  const topics = await db.query<{
    topic_id: number;
    chapter: string;
    topic: string;
    watched: number;
    finished: number;
  }>(
    `SELECT t.id AS topic_id, c.name AS chapter, t.name || CASE WHEN t.deleted_at IS NULL THEN '' ELSE ' (deleted)' END AS topic,
            count(e.student_id)::int AS watched,
            count(e.student_id) FILTER (WHERE w.duration_seconds IS NOT NULL AND w.position_seconds >= w.duration_seconds - ${FINISHED_WITHIN_SECONDS})::int AS finished
       FROM chapters c
       JOIN topics t ON t.chapter_id = c.id
       LEFT JOIN watch_progress w ON w.topic_id = t.id
       LEFT JOIN enrolments e ON e.student_id = w.student_id AND e.subject_id = c.subject_id
      WHERE c.subject_id = $1
      GROUP BY c.position, c.id, t.position, t.id
      ORDER BY c.position, c.id, t.position, t.id`,
    [subjectId],
  );
  return { enrolled: enrolled?.n ?? 0, topics };
}

export async function quizExists(db: Queryable, quizId: number) {
  return (await db.query('SELECT 1 FROM quizzes WHERE id = $1', [quizId])).length === 1;
}

/** Counted in students: a student who tried three times is one student, judged by their best attempt. */
export async function quizResults(db: Queryable, quizId: number) {
  const [totals] = await db.query<{
    attempts: number;
    students: number;
    passed: number;
    average_percent: number;
    pass_percent: number;
  }>(
    `WITH best AS (
       SELECT student_id, count(*) AS attempts, max(marks::numeric / nullif(max_marks, 0)) AS share,
              bool_or(result = 'pass') AS passed
         FROM quiz_attempts WHERE quiz_id = $1 GROUP BY student_id
     )
     SELECT coalesce(sum(attempts), 0)::int AS attempts, count(*)::int AS students,
            count(*) FILTER (WHERE passed)::int AS passed,
            coalesce(round(avg(share) * 100, 1), 0)::float8 AS average_percent,
            coalesce(round(avg(passed::int) * 100, 1), 0)::float8 AS pass_percent
       FROM best`,
    [quizId],
  );
  const questions = await db.query<{ question_id: number; question: string; answered: number; wrong: number }>(
    `SELECT q.id AS question_id, q.question || CASE WHEN q.retired_at IS NULL THEN '' ELSE ' (earlier version)' END AS question, count(a.question_id)::int AS answered,
            count(a.question_id) FILTER (WHERE a.answer <> q.correct_answer)::int AS wrong
       FROM questions q LEFT JOIN attempt_answers a ON a.question_id = q.id
      WHERE q.quiz_id = $1
      GROUP BY q.id
      ORDER BY wrong DESC, q.position, q.id
      LIMIT 50`,
    [quizId],
  );
  return { ...totals!, questions };
}

export async function studentName(db: Queryable, studentId: number) {
  const [row] = await db.query<{ name: string }>('SELECT name FROM students WHERE id = $1', [studentId]);
  return row?.name;
}

/** The student's last 200 watched topics and 200 attempts, newest first. */
export async function studentProgress(db: Queryable, studentId: number) {
  const watched = await db.query<{
    subject: string;
    chapter: string;
    topic: string;
    position_seconds: number;
    duration_seconds: number | null;
    watched_at: string;
  }>(
    `SELECT s.name AS subject, c.name AS chapter, t.name || CASE WHEN t.deleted_at IS NULL THEN '' ELSE ' (deleted)' END AS topic, w.position_seconds::float8 AS position_seconds,
            coalesce(w.duration_seconds, t.duration_seconds)::float8 AS duration_seconds, ${iso('w.updated_at')} AS watched_at
       FROM watch_progress w
       JOIN topics t ON t.id = w.topic_id
       JOIN chapters c ON c.id = t.chapter_id
       JOIN subjects s ON s.id = c.subject_id
      WHERE w.student_id = $1
      ORDER BY w.updated_at DESC
      LIMIT 200`,
    [studentId],
  );
  const attempts = await db.query<{
    quiz: string;
    marks: number;
    max_marks: number;
    result: string;
    attended_on: string;
  }>(
    `SELECT q.name AS quiz, a.marks, a.max_marks, a.result, ${iso('a.attended_on')} AS attended_on
       FROM quiz_attempts a JOIN quizzes q ON q.id = a.quiz_id
      WHERE a.student_id = $1
      ORDER BY a.attended_on DESC, a.id DESC
      LIMIT 200`,
    [studentId],
  );
  return { watched, attempts };
}
