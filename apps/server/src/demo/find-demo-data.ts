import type { Queryable } from '../db/database.ts';

export interface DemoData {
  staff: { id: number; name: string; mobile: string; role: string; active: boolean }[];
  students: { id: number; name: string }[];
  subjects: { id: number; name: string }[];
  news: { id: number; heading: string }[];
  /** What goes with the demo subjects and students: counted, not named. */
  under: {
    chapters: number;
    topics: number;
    materials: number;
    quizzes: number;
    batches: number;
    live_classes: number;
    quiz_attempts: number;
    watch_rows: number;
    /** Enrolments of the institute's own students in a demo subject: they go with the subject, the students stay. */
    own_students_enrolled: number;
  };
}

/** The rows the demo seed created and are still there (db/seed/demo-rows.ts, migration 103), with what is under them. */
export async function findDemoData(db: Queryable): Promise<DemoData> {
  const staff = await db.query<DemoData['staff'][number]>(
    `SELECT s.id, s.name, s.mobile, s.role, s.active FROM staff s
     JOIN demo_rows d ON d.kind = 'staff' AND d.row_id = s.id ORDER BY s.id`,
  );
  const students = await db.query<DemoData['students'][number]>(
    `SELECT s.id, s.name FROM students s JOIN demo_rows d ON d.kind = 'student' AND d.row_id = s.id ORDER BY s.id`,
  );
  const subjects = await db.query<DemoData['subjects'][number]>(
    `SELECT s.id, s.name FROM subjects s JOIN demo_rows d ON d.kind = 'subject' AND d.row_id = s.id ORDER BY s.id`,
  );
  const news = await db.query<DemoData['news'][number]>(
    `SELECT n.id, n.heading FROM news n JOIN demo_rows d ON d.kind = 'news' AND d.row_id = n.id ORDER BY n.id`,
  );
  const [under] = await db.query<DemoData['under']>(
    `WITH subject AS (SELECT row_id AS id FROM demo_rows WHERE kind = 'subject'),
          student AS (SELECT row_id AS id FROM demo_rows WHERE kind = 'student'),
          chapter AS (SELECT id FROM chapters WHERE subject_id IN (SELECT id FROM subject)),
          quiz AS (SELECT id FROM quizzes WHERE chapter_id IN (SELECT id FROM chapter)),
          topic AS (SELECT id FROM topics WHERE chapter_id IN (SELECT id FROM chapter))
     SELECT (SELECT count(*)::int FROM chapter) AS chapters,
            (SELECT count(*)::int FROM topic) AS topics,
            (SELECT count(*)::int FROM study_materials WHERE chapter_id IN (SELECT id FROM chapter)) AS materials,
            (SELECT count(*)::int FROM quiz) AS quizzes,
            (SELECT count(*)::int FROM batches WHERE subject_id IN (SELECT id FROM subject)) AS batches,
            (SELECT count(*)::int FROM live_classes WHERE batch_id IN
               (SELECT id FROM batches WHERE subject_id IN (SELECT id FROM subject))) AS live_classes,
            (SELECT count(*)::int FROM quiz_attempts
               WHERE quiz_id IN (SELECT id FROM quiz) OR student_id IN (SELECT id FROM student)) AS quiz_attempts,
            (SELECT count(*)::int FROM watch_progress
               WHERE topic_id IN (SELECT id FROM topic) OR student_id IN (SELECT id FROM student)) AS watch_rows,
            (SELECT count(DISTINCT student_id)::int FROM enrolments
               WHERE subject_id IN (SELECT id FROM subject) AND student_id NOT IN (SELECT id FROM student))
              AS own_students_enrolled`,
  );
  return { staff, students, subjects, news, under: under! };
}

export const hasDemoData = (data: DemoData) =>
  data.staff.length + data.students.length + data.subjects.length + data.news.length > 0;
