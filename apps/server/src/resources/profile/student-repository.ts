import type { Student } from '@portal/contract';
import type { Queryable } from '../../db/database.ts';

interface StudentRow {
  id: number;
  name: string;
  guardian: string;
  state: string;
  district: string;
  email: string;
  mobile: string;
  phone_code: string;
  academic_level: string;
}

const toStudent = (row: StudentRow): Student => ({
  stud_id: row.id,
  name: row.name,
  guardian: row.guardian,
  state: row.state,
  district: row.district,
  email: row.email,
  mobile: row.mobile,
  phone_code: row.phone_code,
  academic_level: row.academic_level,
  profile: { name: row.name },
});

export async function findStudent(db: Queryable, studentId: number): Promise<Student | undefined> {
  const rows = await db.query<StudentRow>(
    `SELECT id, name, guardian, state, district, email, mobile, phone_code, academic_level FROM students WHERE id = $1`,
    [studentId],
  );
  return rows[0] && toStudent(rows[0]);
}

/** The student with a canonical number (from `canonicalMobile`: the table keeps its two parts). */
export async function findStudentByPhone(
  db: Queryable,
  number: { callingCode: string; national: string },
): Promise<Student | undefined> {
  const rows = await db.query<StudentRow>(
    `SELECT id, name, guardian, state, district, email, mobile, phone_code, academic_level
       FROM students WHERE phone_code = $1 AND mobile = $2`,
    [number.callingCode, number.national],
  );
  return rows[0] && toStudent(rows[0]);
}

export { deactivatedMessage } from '../../http/authenticate.ts';

/** False for a student staff deactivated (or one that does not exist). */
export async function isStudentActive(db: Queryable, studentId: number): Promise<boolean> {
  const [row] = await db.query<{ active: boolean }>('SELECT active FROM students WHERE id = $1', [studentId]);
  return row?.active ?? false;
}
