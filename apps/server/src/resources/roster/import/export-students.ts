import { formatMobile } from '@portal/contract/phone';
import type { Queryable } from '../../../db/database.ts';
import { STUDENT_COLUMNS, type StudentColumn } from './student-columns.ts';

/** A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`) gets an apostrophe, which import drops. */
const guard = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/**
 * The number is written as the roster shows it, `+91 98765 43210`: a spreadsheet keeps it as text (the spaces stop
 * it being read as a number or a formula) and shows no apostrophe. It is made here of "+", digits and spaces only,
 * so it cannot carry a formula; every other cell keeps the guard.
 */
const cell = (column: StudentColumn, value: string) => quote(column === 'mobile' ? formatMobile(value) : guard(value));

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
  const lines = [
    STUDENT_COLUMNS.join(','),
    ...rows.map((row) => STUDENT_COLUMNS.map((c) => cell(c, row[c] ?? '')).join(',')),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
