import { BULK_LIMIT } from '@portal/contract/console';
import type { Actor, AuditEntry } from '../../audit/record-audit.ts';
import { saveAndAuditAll } from '../../audit/save-and-audit.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { ApiError, fieldRefusal } from '../../http/api-error.ts';
import { forgetStudentSessions } from '../../sessions/session-repository.ts';
import type { RosterFilter } from './roster-filter.ts';
import { findStudentRecords, type StudentRecord } from './roster-repository.ts';
import { matchingIds } from './search-students.ts';

/** The students of a bulk action: chosen by id, or all that match a filter (as the clerk confirmed their count). */
export interface BulkSelection {
  student_ids?: number[] | undefined;
  filter?: RosterFilter | undefined;
  expected?: number | undefined;
}

export interface BulkResult {
  matched: number;
  changed: number;
}

/**
 * The ids of the students chosen, each row locked (as a change of one student locks it), in id order so that two bulk
 * actions lock in the same order. A filter that matches more than BULK_LIMIT, or another count than the clerk
 * confirmed, changes nothing.
 */
async function chosenStudents(tx: Queryable, selection: BulkSelection, callingCode: string): Promise<number[]> {
  let ids: number[];
  if (selection.student_ids) {
    ids = [...new Set(selection.student_ids)];
  } else {
    ids = await matchingIds(tx, selection.filter ?? { status: 'all' }, callingCode);
    if (ids.length > BULK_LIMIT)
      throw fieldRefusal('filter', `more than ${BULK_LIMIT} students match; at most ${BULK_LIMIT} change at once.`);
    if (selection.expected !== undefined && ids.length !== selection.expected)
      throw new ApiError(
        409,
        `${ids.length} students match now, not ${selection.expected} as confirmed; nothing was changed.`,
        { code: 'conflict' },
      );
  }
  const locked = await tx.query<{ id: number }>(
    'SELECT id FROM students WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE',
    [ids],
  );
  if (locked.length !== ids.length)
    throw new ApiError(404, 'student_ids: a student does not exist.', { code: 'not_found', field: 'student_ids' });
  return locked.map((r) => r.id);
}

/** What an enrolment change records of each student: their name and where they are. */
const placeOf = (s: StudentRecord) => ({ name: s.name, subject_ids: s.subject_ids, batch_ids: s.batch_ids });

/** Runs a change of the students' enrolments or batches, and records one entry for each student it changed. */
async function changePlaces(
  db: Database,
  actor: Actor,
  selection: BulkSelection,
  callingCode: string,
  action: string,
  change: (tx: Queryable, ids: number[]) => Promise<void>,
): Promise<BulkResult> {
  return saveAndAuditAll(db, actor, async (tx) => {
    const ids = await chosenStudents(tx, selection, callingCode);
    const before = new Map((await findStudentRecords(tx, ids)).map((s) => [s.id, placeOf(s)]));
    await change(tx, ids);
    const audits: AuditEntry[] = [];
    for (const student of await findStudentRecords(tx, ids)) {
      const was = before.get(student.id);
      const is = placeOf(student);
      if (JSON.stringify(was) === JSON.stringify(is)) continue;
      audits.push({
        action,
        entity: 'student',
        entityId: student.id,
        before: was,
        after: { ...is, students_in_this_step: ids.length },
      });
    }
    return { answer: { matched: ids.length, changed: audits.length }, audits };
  });
}

async function batchOf(tx: Queryable, batchId: number): Promise<{ id: number; subject_id: number } | undefined> {
  const [batch] = await tx.query<{ id: number; subject_id: number }>(
    'SELECT id, subject_id FROM batches WHERE id = $1',
    [batchId],
  );
  return batch;
}

const batchNotFound = () =>
  new ApiError(404, 'batch_id: there is no such batch.', { code: 'not_found', field: 'batch_id' });

/** Enrols each student in the subject, and puts them in the batch when one is given; what they had stays. */
export function bulkEnrol(
  db: Database,
  actor: Actor,
  callingCode: string,
  input: BulkSelection & { subject_id: number; batch_id?: number | undefined },
): Promise<BulkResult> {
  return changePlaces(db, actor, input, callingCode, 'student.enrol', async (tx, ids) => {
    const [subject] = await tx.query('SELECT id FROM subjects WHERE id = $1', [input.subject_id]);
    if (!subject)
      throw new ApiError(404, 'subject_id: there is no such subject.', { code: 'not_found', field: 'subject_id' });
    if (input.batch_id !== undefined) {
      const batch = await batchOf(tx, input.batch_id);
      if (!batch) throw batchNotFound();
      if (batch.subject_id !== input.subject_id) throw fieldRefusal('batch_id', 'the batch is of another subject.');
    }
    await enrolAll(tx, ids, input.subject_id, input.batch_id);
  });
}

/** Puts each student in the batch and takes them out of the subject's other batches, enrolling them where needed. */
export function bulkMove(
  db: Database,
  actor: Actor,
  callingCode: string,
  input: BulkSelection & { batch_id: number },
): Promise<BulkResult> {
  return changePlaces(db, actor, input, callingCode, 'student.move', async (tx, ids) => {
    const batch = await batchOf(tx, input.batch_id);
    if (!batch) throw batchNotFound();
    await tx.query(
      `DELETE FROM batch_members m USING batches b
        WHERE m.batch_id = b.id AND b.subject_id = $2 AND b.id <> $3 AND m.student_id = ANY($1::int[])`,
      [ids, batch.subject_id, batch.id],
    );
    await enrolAll(tx, ids, batch.subject_id, batch.id);
  });
}

async function enrolAll(tx: Queryable, ids: number[], subjectId: number, batchId: number | undefined) {
  await tx.query(
    'INSERT INTO enrolments (student_id, subject_id) SELECT unnest($1::int[]), $2 ON CONFLICT DO NOTHING',
    [ids, subjectId],
  );
  if (batchId !== undefined)
    await tx.query(
      'INSERT INTO batch_members (student_id, batch_id) SELECT unnest($1::int[]), $2 ON CONFLICT DO NOTHING',
      [ids, batchId],
    );
}

/**
 * Deactivates the students (ending every session of theirs in the same transaction, as for one student) or
 * reactivates them; those already so are left alone and not recorded.
 */
export async function bulkSetActive(
  db: Database,
  actor: Actor,
  callingCode: string,
  input: BulkSelection & { active: boolean },
): Promise<BulkResult> {
  const { result, changedIds } = await saveAndAuditAll(db, actor, async (tx) => {
    const ids = await chosenStudents(tx, input, callingCode);
    const changed = await tx.query<{ id: number; name: string }>(
      `UPDATE students SET active = $2, deactivated_at = CASE WHEN $2 THEN NULL ELSE now() END
        WHERE id = ANY($1::int[]) AND active <> $2 RETURNING id, name`,
      [ids, input.active],
    );
    const changedIds = changed.map((s) => s.id);
    if (!input.active)
      await tx.query(
        'UPDATE sessions SET revoked_at = now() WHERE student_id = ANY($1::int[]) AND revoked_at IS NULL AND expires_at > now()',
        [changedIds],
      );
    const audits = changed.map(
      (s): AuditEntry => ({
        action: input.active ? 'student.reactivate' : 'student.deactivate',
        entity: 'student',
        entityId: s.id,
        before: { name: s.name, active: !input.active },
        after: { name: s.name, active: input.active, students_in_this_step: ids.length },
      }),
    );
    return { answer: { result: { matched: ids.length, changed: changed.length }, changedIds }, audits };
  });
  // This instance forgets the ended sessions once they are committed (the others on the database's notice).
  if (!input.active) for (const id of changedIds) forgetStudentSessions(db, id);
  return result;
}
