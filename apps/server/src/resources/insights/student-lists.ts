import { STUDENT_LIST_LIMIT } from '@portal/contract/console';
import { PLANNED_EACH_TIME, type Queryable } from '../../db/database.ts';
import { FINISHED_WITHIN_SECONDS, iso } from './insights-repository.ts';

/**
 * Who to follow up, by name: a topic's or quiz's students who have not watched it, stopped before its end, have not
 * attempted it or failed it. Each list is of the subject's active students, or of one of its batches (a batch's
 * members reach it only while enrolled in its subject, as migration 090's view says), counted in full and answered
 * a page at a time: the first STUDENT_LIST_LIMIT by name. Every step is an index lookup per candidate student
 * (enrolments_subject or batch_members_batch, then watch_progress_topic_student or quiz_attempts_student_quiz), so a
 * list costs in proportion to the subject's or batch's students, never to the institute's history.
 */

/** The subject a topic or quiz belongs to, or undefined when there is no such topic or quiz. */
export async function subjectOfTopic(db: Queryable, topicId: number) {
  const [row] = await db.query<{ subject_id: number; duration_seconds: number | null }>(
    'SELECT c.subject_id, t.duration_seconds FROM topics t JOIN chapters c ON c.id = t.chapter_id WHERE t.id = $1',
    [topicId],
  );
  return row;
}

export async function subjectOfQuiz(db: Queryable, quizId: number) {
  const [row] = await db.query<{ subject_id: number }>(
    'SELECT c.subject_id FROM quizzes q JOIN chapters c ON c.id = q.chapter_id WHERE q.id = $1',
    [quizId],
  );
  return row?.subject_id;
}

export async function batchInSubject(db: Queryable, batchId: number, subjectId: number) {
  return (await db.query('SELECT 1 FROM batches WHERE id = $1 AND subject_id = $2', [batchId, subjectId])).length === 1;
}

/**
 * The subject's ($1) active students, or only the members of batch $2 among them, one row per student (`c`, `s`),
 * with `joins` added and a WHERE to continue with AND.
 */
function candidates(batchId: number | undefined, joins = '') {
  return batchId === undefined
    ? `enrolments c JOIN students s ON s.id = c.student_id AND s.active ${joins} WHERE c.subject_id = $1`
    : `batch_members m JOIN enrolments c ON c.student_id = m.student_id AND c.subject_id = $1
       JOIN students s ON s.id = c.student_id AND s.active ${joins} WHERE m.batch_id = $2`;
}

/**
 * Finds the rows of `fromWhere` once, counts them and answers the first page of them by name, each with the student's
 * last activity (their newest watch or attempt, from watch_progress_recent and quiz_attempts_student_quiz) computed
 * for that page only. `columns` are the list's own columns; `pageOnly` joins to `listed` what is worth reading for
 * the page's rows alone, and `before` are CTEs (each followed by a comma) that `fromWhere` reads; `plannedEachTime`
 * keeps PostgreSQL from settling on a generic plan. The page is empty only when nothing matched, so its rows carry the
 * total.
 */
async function page<Row>(
  db: Queryable,
  fromWhere: string,
  columns: string,
  values: unknown[],
  { pageOnly = { join: '', columns: '' }, before = '', plannedEachTime = false } = {},
) {
  const rows = await db.query<Row & { total: number; sort_name?: string; last_activity: string | null }>(
    `${plannedEachTime ? PLANNED_EACH_TIME : ''}WITH ${before} matched AS MATERIALIZED (
       SELECT s.id AS stud_id, s.name, s.mobile, lower(s.name) AS sort_name${columns ? `, ${columns}` : ''} FROM ${fromWhere}
     ), listed AS (
       SELECT * FROM matched ORDER BY sort_name, stud_id LIMIT ${STUDENT_LIST_LIMIT}
     )
     SELECT (SELECT count(*) FROM matched)::int AS total, listed.*, ${iso(`greatest(
              (SELECT max(w.updated_at) FROM watch_progress w WHERE w.student_id = listed.stud_id),
              (SELECT max(a.attended_on) FROM quiz_attempts a WHERE a.student_id = listed.stud_id))`)} AS last_activity
            ${pageOnly.columns}
       FROM listed ${pageOnly.join}
      ORDER BY listed.sort_name, listed.stud_id`,
    values,
  );
  const students = rows.map(({ total: _total, sort_name: _sortName, ...student }) => student);
  return { total: rows[0]?.total ?? 0, students };
}

const finished = `w.duration_seconds IS NOT NULL AND w.position_seconds >= w.duration_seconds - ${FINISHED_WITHIN_SECONDS}`;

export async function topicStudentList(
  db: Queryable,
  topic: { id: number; subjectId: number; durationSeconds: number | null },
  batchId: number | undefined,
  list: 'not_watched' | 'not_finished',
) {
  const values = [topic.subjectId, ...(batchId === undefined ? [] : [batchId])];
  const t = `$${values.length + 1}`;
  values.push(topic.id);
  const fromWhere =
    list === 'not_watched'
      ? `${candidates(batchId)} AND NOT EXISTS (SELECT 1 FROM watch_progress w WHERE w.topic_id = ${t} AND w.student_id = c.student_id)`
      : `${candidates(batchId, `JOIN watch_progress w ON w.topic_id = ${t} AND w.student_id = c.student_id`)} AND NOT (${finished})`;
  const columns =
    list === 'not_watched'
      ? 'NULL::float8 AS position_seconds, NULL::float8 AS duration_seconds'
      : `w.position_seconds::float8 AS position_seconds, coalesce(w.duration_seconds, ${topic.durationSeconds ?? 'NULL'})::float8 AS duration_seconds`;
  return page<{
    stud_id: number;
    name: string;
    mobile: string;
    position_seconds: number | null;
    duration_seconds: number | null;
  }>(db, fromWhere, columns, values);
}

export async function quizStudentList(
  db: Queryable,
  quiz: { id: number; subjectId: number },
  batchId: number | undefined,
  list: 'not_attempted' | 'failed',
) {
  const values = [quiz.subjectId, ...(batchId === undefined ? [] : [batchId])];
  const q = `$${values.length + 1}`;
  values.push(quiz.id);
  type Row = {
    stud_id: number;
    name: string;
    mobile: string;
    best_marks: number | null;
    max_marks: number | null;
    attempts: number;
    latest_attempt: string | null;
  };
  if (list === 'not_attempted')
    return page<Row>(
      db,
      `${candidates(batchId)} AND NOT EXISTS (SELECT 1 FROM quiz_attempts a WHERE a.student_id = c.student_id AND a.quiz_id = ${q})`,
      'NULL::int AS best_marks, NULL::int AS max_marks, 0 AS attempts, NULL::text AS latest_attempt',
      values,
    );
  // Failed: attempted, and no attempt passed (read from the quiz's attempts once, grouped by student). Their best
  // attempt, the highest share of marks, is looked up for the page's rows only.
  const summary = `JOIN (
      SELECT a.student_id, count(*)::int AS attempts, max(a.attended_on) AS latest
        FROM quiz_attempts a WHERE a.quiz_id = ${q}
       GROUP BY a.student_id HAVING NOT bool_or(a.result = 'pass')) a ON a.student_id = c.student_id`;
  return page<Row>(db, `${candidates(batchId, summary)}`, `a.attempts, ${iso('a.latest')} AS latest_attempt`, values, {
    pageOnly: {
      join: `LEFT JOIN LATERAL (
             SELECT b.marks AS best_marks, b.max_marks FROM quiz_attempts b
              WHERE b.student_id = listed.stud_id AND b.quiz_id = ${q}
              ORDER BY b.marks::numeric / nullif(b.max_marks, 0) DESC NULLS LAST, b.id LIMIT 1) best ON true`,
      columns: ', best.best_marks, best.max_marks',
    },
  });
}

/** A chapter, or a whole subject: what a list of who is behind on more than one topic or quiz is of. */
export type Scope = { subjectId: number; chapterId?: number };

/** The chapter of a subject, or undefined when there is no such chapter. */
export async function subjectOfChapter(db: Queryable, chapterId: number) {
  const [row] = await db.query<{ subject_id: number }>('SELECT subject_id FROM chapters WHERE id = $1', [chapterId]);
  return row?.subject_id;
}

/** The live (not deleted) topics or quizzes of a chapter or subject: what a student is asked to have done. */
async function scopeItems(db: Queryable, table: 'topics' | 'quizzes', scope: Scope) {
  const rows = await db.query<{ id: number }>(
    `SELECT x.id FROM chapters ch JOIN ${table} x ON x.chapter_id = ch.id AND x.deleted_at IS NULL
      WHERE ch.subject_id = $1 ${scope.chapterId === undefined ? '' : 'AND ch.id = $2'}`,
    scope.chapterId === undefined ? [scope.subjectId] : [scope.subjectId, scope.chapterId],
  );
  return rows.map((row) => row.id);
}

/**
 * Who is behind on a chapter or a whole subject: `not_watched_all`, the students who have not watched each of its
 * live topics to the end, with how many they finished and started; `not_attempted_all`, those who have not attempted
 * each of its live quizzes, with how many they attempted and passed (a quiz passed by any attempt, i.e. by the best).
 * Those who have done it all are found once, by grouping the scope's finished watch rows (an index-only range of
 * watch_progress_topic_student per topic) or its attempts (quiz_attempts_quiz_results) by student, and the rest of the
 * subject's or batch's students are the list; each listed student's counts are read for the page's rows only. A list
 * costs in proportion to the scope's activity and its students, never to the institute's history. A scope with
 * nothing to do lists nobody.
 */
export async function scopeStudentList(
  db: Queryable,
  scope: Scope,
  batchId: number | undefined,
  list: 'not_watched_all' | 'not_attempted_all',
) {
  const items = await scopeItems(db, list === 'not_watched_all' ? 'topics' : 'quizzes', scope);
  if (items.length === 0) return { total: 0, out_of: 0, students: [] };
  const values: unknown[] = [scope.subjectId, ...(batchId === undefined ? [] : [batchId])];
  const ids = `$${values.length + 1}::int[]`;
  const outOf = `$${values.length + 2}::int`;
  values.push(items, items.length);
  const done =
    list === 'not_watched_all'
      ? `done AS (
           SELECT w.student_id FROM watch_progress w WHERE w.topic_id = ANY(${ids}) AND ${finished}
            GROUP BY w.student_id HAVING count(*) >= ${outOf}
         ),`
      : `done AS (
           SELECT a.student_id FROM quiz_attempts a WHERE a.quiz_id = ANY(${ids})
            GROUP BY a.student_id HAVING count(DISTINCT a.quiz_id) >= ${outOf}
         ),`;
  const counts =
    list === 'not_watched_all'
      ? {
          join: `CROSS JOIN LATERAL (
                   SELECT (count(*) FILTER (WHERE ${finished}))::int AS finished, count(*)::int AS started
                     FROM watch_progress w WHERE w.student_id = listed.stud_id AND w.topic_id = ANY(${ids})) p`,
          columns: ', p.finished, p.started, NULL::int AS attempted, NULL::int AS passed',
        }
      : {
          join: `CROSS JOIN LATERAL (
                   SELECT count(DISTINCT a.quiz_id)::int AS attempted,
                          (count(DISTINCT a.quiz_id) FILTER (WHERE a.result = 'pass'))::int AS passed
                     FROM quiz_attempts a WHERE a.student_id = listed.stud_id AND a.quiz_id = ANY(${ids})) p`,
          columns: ', NULL::int AS finished, NULL::int AS started, p.attempted, p.passed',
        };
  const { total, students } = await page<{
    stud_id: number;
    name: string;
    mobile: string;
    finished: number | null;
    started: number | null;
    attempted: number | null;
    passed: number | null;
  }>(
    db,
    `${candidates(batchId)} AND NOT EXISTS (SELECT 1 FROM done WHERE done.student_id = c.student_id)`,
    '',
    values,
    // Planned with its values: a generic plan guesses a batch of a few students and nests a loop over all of `done`.
    { pageOnly: counts, before: done, plannedEachTime: true },
  );
  return { total, out_of: items.length, students };
}
