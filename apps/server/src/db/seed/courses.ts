import type { Queryable } from '../database.ts';
import { nameKey } from '../../domain/name-key.ts';
import { markDemo } from './demo-rows.ts';

export interface DemoChapter {
  id: number;
  name: string;
  subjectId: number;
}
export interface DemoCourses {
  /** The student the README names: +91 98765 43210. */
  demoStudentId: number;
  /** A second student, enrolled elsewhere: what the demo student must never see. */
  otherStudentId: number;
  subjects: { id: number; name: string; chapters: DemoChapter[] }[];
}

export const DEMO_PHONE = { phone_code: '91', mobile: '9876543210' };
export const OTHER_PHONE = { phone_code: '91', mobile: '9123456780' };

const syllabus: Record<string, string[]> = {
  Physics: ['Units and Measurements', 'Motion in a Straight Line', 'Laws of Motion', 'Work, Energy and Power'],
  Chemistry: ['Some Basic Concepts of Chemistry', 'Structure of Atom', 'Chemical Bonding'],
  Mathematics: ['Sets', 'Relations and Functions', 'Trigonometric Functions', 'Complex Numbers'],
  Biology: ['The Living World', 'Cell: The Unit of Life'],
};

const insertId = async (db: Queryable, sql: string, params: unknown[]) =>
  (await db.query<{ id: number }>(`${sql} RETURNING id`, params))[0]!.id;

export async function seedCourses(db: Queryable): Promise<DemoCourses> {
  const demoStudentId = await insertId(
    db,
    `INSERT INTO students (name, guardian, state, district, email, phone_code, mobile, academic_level, name_key)
     VALUES ('Arjun Sharma', 'Ramesh Sharma', 'Kerala', 'Ernakulam', 'arjun.sharma@example.com', $1, $2, 'Class 11', $3::tsvector)`,
    [DEMO_PHONE.phone_code, DEMO_PHONE.mobile, nameKey('Arjun Sharma')],
  );
  const otherStudentId = await insertId(
    db,
    `INSERT INTO students (name, guardian, state, district, email, phone_code, mobile, academic_level, name_key)
     VALUES ('Meera Nair', 'Lakshmi Nair', 'Kerala', 'Thrissur', 'meera.nair@example.com', $1, $2, 'Class 12', $3::tsvector)`,
    [OTHER_PHONE.phone_code, OTHER_PHONE.mobile, nameKey('Meera Nair')],
  );
  await markDemo(db, 'student', demoStudentId);
  await markDemo(db, 'student', otherStudentId);

  const subjects: DemoCourses['subjects'] = [];
  let position = 0;
  for (const [name, chapterNames] of Object.entries(syllabus)) {
    const subjectId = await insertId(db, `INSERT INTO subjects (name, thumbnail, position) VALUES ($1, $2, $3)`, [
      name,
      `/media/subjects/${name.toLowerCase()}.webp`,
      position++,
    ]);
    await markDemo(db, 'subject', subjectId);
    const chapters: DemoChapter[] = [];
    for (const [index, chapterName] of chapterNames.entries()) {
      const id = await insertId(db, `INSERT INTO chapters (subject_id, name, position) VALUES ($1, $2, $3)`, [
        subjectId,
        chapterName,
        index,
      ]);
      chapters.push({ id, name: chapterName, subjectId });
    }
    subjects.push({ id: subjectId, name, chapters });
  }

  // The demo student takes everything but Biology; the other student takes only Biology.
  for (const subject of subjects) {
    const studentId = subject.name === 'Biology' ? otherStudentId : demoStudentId;
    await db.query(`INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)`, [studentId, subject.id]);
  }
  return { demoStudentId, otherStudentId, subjects };
}
