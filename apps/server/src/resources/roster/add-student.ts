import type { BodyOutput } from '@portal/contract';
import type { addStudent as addStudentCall, StudentDetail } from '@portal/contract/console';
import { canonicalMobile, type CountryCode } from '@portal/contract/phone';
import type { Actor } from '../../audit/record-audit.ts';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Database } from '../../db/database.ts';
import { nameKey } from '../../domain/name-key.ts';
import { ApiError, fieldRefusal } from '../../http/api-error.ts';
import { lockNumber } from '../../one-time-codes/challenge-repository.ts';
import { studentNotFound, toDetail } from './change-student.ts';
import { addEnrolments, subjectsOfChoice } from './enrolments.ts';
import { findStudentsByNumbers, findStudentRecord } from './roster-repository.ts';
import { TEXT_FIELDS } from './student-fields.ts';

/**
 * Adds a walk-in as one CSV line would (the same canonical number, name key and enrolments), and records it. A number
 * that is already a student's is refused, not merged: the clerk opens that student instead.
 */
export async function addWalkIn(
  db: Database,
  actor: Actor,
  defaultCountry: CountryCode,
  input: BodyOutput<typeof addStudentCall>,
): Promise<StudentDetail> {
  const number = canonicalMobile(input.mobile, { defaultCountry });
  if (!number.ok) throw fieldRefusal('mobile', number.message, number.code);
  return saveAndAudit(db, actor, async (tx) => {
    // Waits for an import that is planning (it would not see this student) and for an approval of the same number.
    await tx.query('SELECT pg_advisory_xact_lock(3, 0)');
    await lockNumber(tx, number.e164);
    const [taken] = await findStudentsByNumbers(tx, [number]);
    if (taken)
      throw new ApiError(409, `mobile: ${number.e164} is already the number of ${taken.name}.`, {
        code: 'already_student',
        field: 'mobile',
      });
    const subjectIds = await subjectsOfChoice(tx, input.subject_ids, input.batch_ids);
    const [row] = await tx.query<{ id: number }>(
      `INSERT INTO students (${TEXT_FIELDS.join(', ')}, phone_code, mobile, name_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::tsvector) RETURNING id`,
      [...TEXT_FIELDS.map((f) => input[f]), number.callingCode, number.national, nameKey(input.name)],
    );
    if (!row) throw new Error('student not stored');
    await addEnrolments(tx, row.id, subjectIds, input.batch_ids);
    const student = await findStudentRecord(tx, row.id);
    if (!student) throw studentNotFound();
    const after = toDetail(student);
    return {
      answer: after,
      audit: { action: 'student.add', entity: 'student', entityId: row.id, before: null, after },
    };
  });
}
