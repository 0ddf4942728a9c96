import type { Database, Queryable } from '../src/db/database.ts';

/** The grown size of `npm run bench` (issue 13); the embedded database keeps a tenth of the history. */
export interface GrownSize {
  students: number;
  subjects: number;
  /** Watch-history rows per grown student (100 × 100,000 = 10 million). */
  watchedPerStudent: number;
  /** Quiz attempts per grown student; every attempt answers its quiz's 4 questions. */
  attemptsPerStudent: number;
  /**
   * One grown student in this many also takes the demo subjects and has watched every one of their topics: popular
   * topics with thousands of watchers, as a real institute's first chapters have (issue 37's "every fifth student").
   */
  demoWatcherEvery: number;
}

export const POSTGRES_SIZE: GrownSize = {
  students: 100_000,
  subjects: 5_000,
  watchedPerStudent: 100,
  attemptsPerStudent: 10,
  demoWatcherEvery: 5,
};
export const PGLITE_SIZE: GrownSize = {
  students: 100_000,
  subjects: 5_000,
  watchedPerStudent: 10,
  attemptsPerStudent: 1,
  demoWatcherEvery: 50,
};

const count = async (db: Queryable, table: string) =>
  (await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n ?? 0;

/**
 * Secondary indexes of a table are dropped while millions of rows go in and built again after (a sorted build
 * is many times faster than millions of random inserts); their definitions are read back from the catalogue, so
 * the grown database has exactly the migrations' indexes.
 */
async function withoutSecondaryIndexes(db: Queryable, table: string, load: () => Promise<unknown>) {
  const indexes = await db.query<{ name: string; def: string }>(
    `SELECT i.relname AS name, pg_get_indexdef(i.oid) AS def
       FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class t ON t.oid = x.indrelid
      WHERE t.relname = $1 AND t.relnamespace = current_schema()::regnamespace
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)`,
    [table],
  );
  for (const index of indexes) await db.query(`DROP INDEX ${index.name}`);
  await load();
  for (const index of indexes) await db.query(index.def);
}

/**
 * Grows the demo database by SQL to `size`, with other students' data that the demo student's calls must not
 * read. Every row is made consistent by construction, so foreign-key triggers are skipped while loading.
 * Returns false when the database had already been grown.
 */
export async function growLarge(db: Database, size: GrownSize, say: (line: string) => void = () => {}) {
  if ((await count(db, 'students')) >= size.students) return false;
  const started = Date.now();
  const step = async (label: string, work: () => Promise<unknown>) => {
    const t = Date.now();
    await work();
    say(`  ${label}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
  };
  await db.query(`SET session_replication_role = replica`);
  await step('students', () =>
    db.query(
      `INSERT INTO students (name, phone_code, mobile)
       SELECT 'Student ' || g, '91', (7000000000 + g)::text FROM generate_series(1, $1::int - (SELECT count(*)::int FROM students)) g`,
      [size.students],
    ),
  );
  await db.query(
    `CREATE TEMP TABLE grown_students AS SELECT id, row_number() OVER (ORDER BY id)::int AS n FROM students WHERE mobile LIKE '7%'`,
  );
  await db.query(`ANALYZE grown_students`);
  await step('subjects, chapters, topics', async () => {
    await db.query(
      `INSERT INTO subjects (name, position) SELECT 'Subject ' || g, 100 + g FROM generate_series(1, $1::int - (SELECT count(*)::int FROM subjects)) g`,
      [size.subjects],
    );
    await db.query(
      `CREATE TEMP TABLE grown_subjects AS SELECT id, row_number() OVER (ORDER BY id)::int - 1 AS n FROM subjects WHERE name LIKE 'Subject %'`,
    );
    await db.query(`INSERT INTO chapters (subject_id, name, position)
      SELECT s.id, 'Chapter ' || g, g FROM grown_subjects s, generate_series(1, 10) g ORDER BY s.id, g`);
    await db.query(`CREATE TEMP TABLE grown_chapters AS SELECT id FROM chapters WHERE name LIKE 'Chapter %'`);
    await db.query(`INSERT INTO topics (chapter_id, name, video_link, position)
      SELECT c.id, 'Topic ' || g, '/media/none.webm', g FROM grown_chapters c, generate_series(1, 10) g ORDER BY c.id, g`);
    await db.query(
      `CREATE TEMP TABLE grown_topics AS SELECT id, row_number() OVER (ORDER BY id)::int - 1 AS n FROM topics WHERE name LIKE 'Topic %'`,
    );
    await db.query(`CREATE UNIQUE INDEX ON grown_topics (n)`);
    await db.query(`CREATE UNIQUE INDEX ON grown_subjects (n)`);
    await db.query(`ANALYZE grown_topics`);
    await db.query(`ANALYZE grown_subjects`);
  });
  const subjects = await count(db, 'grown_subjects');
  const topics = await count(db, 'grown_topics');
  await step('enrolments (3 a student)', () =>
    withoutSecondaryIndexes(db, 'enrolments', () =>
      db.query(
        `INSERT INTO enrolments (student_id, subject_id)
         SELECT st.id, su.id FROM grown_students st CROSS JOIN generate_series(0, 2) k
           JOIN grown_subjects su ON su.n = (st.n * 7 + k * ($1::int / 3)) % $1::int
          ORDER BY st.id, su.id`,
        [subjects],
      ),
    ),
  );
  await step(`watch history (${size.watchedPerStudent} a student)`, () =>
    withoutSecondaryIndexes(db, 'watch_progress', () =>
      db.query(
        `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds, updated_at)
         SELECT st.id, t.id, 30, 600, now() - make_interval(mins => g * 37 + st.n % 1000)
           FROM grown_students st CROSS JOIN generate_series(1, $1::int) g
           JOIN grown_topics t ON t.n = (st.n * 101 + g * 4999) % $2::int
          ORDER BY st.id, t.id`,
        [size.watchedPerStudent, topics],
      ),
    ),
  );
  await step(
    `the demo subjects, taken and watched to the end by one grown student in ${size.demoWatcherEvery}`,
    async () => {
      await db.query(
        `INSERT INTO enrolments (student_id, subject_id)
       SELECT st.id, s.id FROM grown_students st CROSS JOIN subjects s
        WHERE st.n % $1::int = 0 AND s.name NOT LIKE 'Subject %' ORDER BY st.id, s.id`,
        [size.demoWatcherEvery],
      );
      await withoutSecondaryIndexes(db, 'watch_progress', () =>
        db.query(
          `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds, updated_at)
         SELECT st.id, t.id, 600, 600, now() - make_interval(mins => st.n % 5000)
           FROM grown_students st CROSS JOIN subjects s JOIN chapters c ON c.subject_id = s.id JOIN topics t ON t.chapter_id = c.id
          WHERE st.n % $1::int = 0 AND s.name NOT LIKE 'Subject %' ORDER BY st.id, t.id`,
          [size.demoWatcherEvery],
        ),
      );
    },
  );
  await step('batches, live classes, materials, quizzes, questions', async () => {
    await db.query(`INSERT INTO batches (subject_id, name) SELECT id, 'Batch ' || id FROM grown_subjects ORDER BY id`);
    await db.query(`INSERT INTO live_classes (batch_id, class_name, tutor_name, online_url, starts_at)
      SELECT b.id, 'Class ' || g, 'Tutor', 'https://meet.example.com/x', now() + (g - 5) * interval '1 day'
        FROM batches b, generate_series(1, 20) g WHERE b.name LIKE 'Batch %' ORDER BY b.id, g`);
    // Every grown student is in their subjects' batches (a student sees only their own, docs/decisions/048).
    await db.query(`INSERT INTO batch_members (student_id, batch_id)
      SELECT e.student_id, b.id FROM grown_students st JOIN enrolments e ON e.student_id = st.id JOIN batches b ON b.subject_id = e.subject_id
       ORDER BY e.student_id, b.id`);
    await db.query(
      `INSERT INTO study_materials (chapter_id, title, file_name) SELECT id, 'Notes', 'none.pdf' FROM grown_chapters ORDER BY id`,
    );
    await db.query(
      `INSERT INTO quizzes (chapter_id, name, pass_marks) SELECT id, 'Grown quiz', 2 FROM grown_chapters ORDER BY id`,
    );
    await db.query(`INSERT INTO questions (quiz_id, question, options, correct_answer, marks, position)
      SELECT q.id, 'Q' || g, '["a","b","c","d"]'::jsonb, 'a', 1, g FROM quizzes q, generate_series(1, 4) g
       WHERE q.name = 'Grown quiz' ORDER BY q.id, g`);
    await db.query(
      `CREATE TEMP TABLE grown_quizzes AS SELECT id, row_number() OVER (ORDER BY id)::int - 1 AS n FROM quizzes WHERE name = 'Grown quiz'`,
    );
    await db.query(`CREATE UNIQUE INDEX ON grown_quizzes (n)`);
    await db.query(`ANALYZE grown_quizzes`);
  });
  const quizzes = await count(db, 'grown_quizzes');
  await step(`quiz attempts (${size.attemptsPerStudent} a student) and their answers`, async () => {
    const before = (await db.query<{ id: number }>(`SELECT coalesce(max(id), 0) AS id FROM quiz_attempts`))[0]?.id ?? 0;
    await withoutSecondaryIndexes(db, 'quiz_attempts', () =>
      db.query(
        `INSERT INTO quiz_attempts (quiz_id, student_id, marks, max_marks, result, answers_hash, attended_on)
         SELECT q.id, st.id, 3, 4, 'pass', md5(st.id || '-' || k), now() - make_interval(days => k)
           FROM grown_students st CROSS JOIN generate_series(1, $1::int) k
           JOIN grown_quizzes q ON q.n = (st.n * 13 + k * 4999) % $2::int
          ORDER BY st.id, k`,
        [size.attemptsPerStudent, quizzes],
      ),
    );
    await withoutSecondaryIndexes(db, 'attempt_answers', () =>
      db.query(
        `INSERT INTO attempt_answers (attempt_id, question_id, answer)
         SELECT a.id, qu.id, 'a' FROM quiz_attempts a JOIN questions qu ON qu.quiz_id = a.quiz_id
          WHERE a.id > $1 ORDER BY a.id, qu.id`,
        [before],
      ),
    );
  });
  await step('news, other sessions', async () => {
    await db.query(`INSERT INTO news (heading, body, published_at)
      SELECT 'News ' || g, '<p>Body</p>', now() - g * interval '1 hour' FROM generate_series(1, 2000) g`);
    await db.query(`INSERT INTO sessions (token_hash, student_id, expires_at)
      SELECT md5(st.id::text || 'session'), st.id, now() + interval '30 days' FROM grown_students st`);
  });
  await db.query(`SET session_replication_role = DEFAULT`);
  await step('VACUUM ANALYZE', () => db.query('VACUUM ANALYZE'));
  say(`  grown in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return true;
}
