import type { StudentDetail } from '@portal/contract/console';
import { canonicalMobile, type CountryCode } from '@portal/contract/phone';
import type { Actor } from '../../audit/record-audit.ts';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { forgetStudentSessions } from '../../sessions/session-repository.ts';
import { nameKey } from '../../domain/name-key.ts';
import { addEnrolments, subjectsOfChoice } from './enrolments.ts';
import { findStudentRecord, type StudentRecord } from './roster-repository.ts';
import { TEXT_FIELDS, type TextField } from './student-fields.ts';

export const toDetail = (s: StudentRecord): StudentDetail => ({
  stud_id: s.id,
  name: s.name,
  guardian: s.guardian,
  email: s.email,
  state: s.state,
  district: s.district,
  academic_level: s.academic_level,
  mobile: `+${s.phone_code}${s.mobile}`,
  active: s.active,
  subject_ids: s.subject_ids,
  batch_ids: s.batch_ids,
});

export const studentNotFound = () => new ApiError(404, 'There is no such student.');

/** Runs a change of one student in a transaction with the row locked, records it in the audit log, answers the student after. */
async function changeStudent(
  db: Database,
  actor: Actor,
  studentId: number,
  action: string,
  change: (tx: Queryable, before: StudentRecord) => Promise<void>,
): Promise<StudentDetail> {
  return saveAndAudit(db, actor, async (tx) => {
    await tx.query('SELECT id FROM students WHERE id = $1 FOR UPDATE', [studentId]);
    const before = await findStudentRecord(tx, studentId);
    if (!before) throw studentNotFound();
    await change(tx, before);
    const after = await findStudentRecord(tx, studentId);
    if (!after) throw studentNotFound();
    return {
      answer: toDetail(after),
      audit: { action, entity: 'student', entityId: studentId, before: toDetail(before), after: toDetail(after) },
    };
  });
}

export async function updateStudentDetails(
  db: Database,
  actor: Actor,
  defaultCountry: CountryCode,
  input: Record<TextField, string> & { stud_id: number; mobile: string },
): Promise<StudentDetail> {
  const number = canonicalMobile(input.mobile, { defaultCountry });
  if (!number.ok) throw new ApiError(400, `mobile: ${number.message}`);
  return changeStudent(db, actor, input.stud_id, 'student.update', async (tx) => {
    const [taken] = await tx.query<{ name: string }>(
      'SELECT name FROM students WHERE phone_code = $1 AND mobile = $2 AND id <> $3',
      [number.callingCode, number.national, input.stud_id],
    );
    if (taken) throw new ApiError(409, `mobile: ${number.e164} is already the number of ${taken.name}.`);
    await tx.query(
      `UPDATE students SET ${TEXT_FIELDS.map((f, i) => `${f} = $${i + 2}`).join(', ')}, phone_code = $8, mobile = $9, name_key = $10::tsvector WHERE id = $1`,
      [input.stud_id, ...TEXT_FIELDS.map((f) => input[f]), number.callingCode, number.national, nameKey(input.name)],
    );
  });
}

export async function setEnrolments(
  db: Database,
  actor: Actor,
  input: { stud_id: number; subject_ids: number[]; batch_ids: number[] },
) {
  return changeStudent(db, actor, input.stud_id, 'student.enrol', async (tx) => {
    const subjectIds = await subjectsOfChoice(tx, input.subject_ids, input.batch_ids);
    await tx.query('DELETE FROM enrolments WHERE student_id = $1 AND NOT (subject_id = ANY($2::int[]))', [
      input.stud_id,
      subjectIds,
    ]);
    await tx.query('DELETE FROM batch_members WHERE student_id = $1 AND NOT (batch_id = ANY($2::int[]))', [
      input.stud_id,
      input.batch_ids,
    ]);
    await addEnrolments(tx, input.stud_id, subjectIds, input.batch_ids);
  });
}

/**
 * Deactivating ends every session of the student in the same transaction; their history stays. This instance
 * forgets the sessions once that has committed, before it answers (the others on the database's notice).
 */
export async function setActive(db: Database, actor: Actor, studentId: number, active: boolean) {
  const student = await changeStudent(
    db,
    actor,
    studentId,
    active ? 'student.reactivate' : 'student.deactivate',
    async (tx, before) => {
      if (before.active === active) return;
      await tx.query(
        'UPDATE students SET active = $2, deactivated_at = CASE WHEN $2 THEN NULL ELSE now() END WHERE id = $1',
        [studentId, active],
      );
      if (!active) await endSessions(tx, studentId);
    },
  );
  if (!active) forgetStudentSessions(db, studentId);
  return student;
}

export async function signOutEverywhere(db: Database, actor: Actor, studentId: number): Promise<number> {
  const ended = await saveAndAudit(db, actor, async (tx) => {
    const student = await findStudentRecord(tx, studentId);
    if (!student) throw studentNotFound();
    const ended = await endSessions(tx, studentId);
    const after = { sessions_ended: ended };
    return {
      answer: ended,
      audit: { action: 'student.sign_out_everywhere', entity: 'student', entityId: studentId, before: null, after },
    };
  });
  forgetStudentSessions(db, studentId);
  return ended;
}

async function endSessions(tx: Queryable, studentId: number): Promise<number> {
  const rows = await tx.query(
    'UPDATE sessions SET revoked_at = now() WHERE student_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING id',
    [studentId],
  );
  return rows.length;
}
