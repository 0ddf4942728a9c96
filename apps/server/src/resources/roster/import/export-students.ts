import type { Queryable } from '../../../db/database.ts';
import { STUDENT_COLUMNS } from './student-csv-file.ts';

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) gets an apostrophe, which import drops. */
const guard = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const cell = (value: string) => {
  const safe = guard(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** Every student as a CSV in the import's columns (UTF-8, with a BOM so spreadsheets read it as UTF-8). */
export async function exportStudentsCsv(db: Queryable): Promise<string> {
  const rows = await db.query<Record<(typeof STUDENT_COLUMNS)[number], string>>(
    `SELECT s.name, '+' || s.phone_code || s.mobile AS mobile, s.guardian, s.email, s.state, s.district, s.academic_level,
            coalesce((SELECT string_agg(sub.name, ';' ORDER BY sub.position, sub.id) FROM enrolments e JOIN subjects sub ON sub.id = e.subject_id
                       WHERE e.student_id = s.id), '') AS subjects,
            coalesce((SELECT string_agg(b.name, ';' ORDER BY b.id) FROM batch_members m JOIN batches b ON b.id = m.batch_id
                       WHERE m.student_id = s.id), '') AS batches
       FROM students s ORDER BY lower(s.name), s.id`,
  );
  const lines = [STUDENT_COLUMNS.join(','), ...rows.map((row) => STUDENT_COLUMNS.map((c) => cell(row[c] ?? '')).join(','))];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
