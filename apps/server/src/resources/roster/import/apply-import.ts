import type { Queryable } from '../../../db/database.ts';
import { recordAudits, type Actor } from '../../../audit/record-audit.ts';
import { nameKey } from '../../../domain/name-key.ts';
import { TEXT_FIELDS } from '../student-fields.ts';
import type { ImportPlan, StudentChange } from './plan-import.ts';
import { batchesOf, turnTaker } from './take-turns.ts';

export interface ImportResult {
  created: number;
  updated: number;
}

const column = (changes: StudentChange[], pick: (c: StudentChange) => string | null) => changes.map(pick);

/**
 * Stores every valid line of a plan, BATCH_LINES at a time with a few set-based statements each, taking turns with
 * other requests between batches (take-turns.ts), and records each student's change in the audit log. Call it
 * inside the transaction that planned it: the whole plan is stored, or none of it.
 */
export async function applyImport(tx: Queryable, plan: ImportPlan, actor: Actor): Promise<ImportResult> {
  const takeTurn = turnTaker();
  for (const batch of batchesOf(plan.changes)) {
    await applyBatch(tx, batch, actor);
    await takeTurn();
  }
  const created = plan.changes.filter((c) => !c.existing).length;
  return { created, updated: plan.changes.length - created };
}

async function applyBatch(tx: Queryable, changes: StudentChange[], actor: Actor) {
  const created = changes.filter((c) => !c.existing);
  const updated = changes.filter((c) => c.existing);

  const inserted = await tx.query<{ id: number; phone_code: string; mobile: string }>(
    `INSERT INTO students (name, guardian, email, state, district, academic_level, phone_code, mobile, name_key)
     SELECT name, coalesce(guardian, ''), coalesce(email, ''), coalesce(state, ''), coalesce(district, ''), coalesce(academic_level, ''), phone_code, mobile, name_key::tsvector
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
         AS n(name, guardian, email, state, district, academic_level, phone_code, mobile, name_key)
     RETURNING id, phone_code, mobile`,
    [
      ...TEXT_FIELDS.map((f) => column(created, (c) => c.fields[f] ?? null)),
      column(created, (c) => c.callingCode),
      column(created, (c) => c.national),
      column(created, (c) => nameKey(c.fields.name ?? '')),
    ],
  );
  const newIds = new Map(inserted.map((r) => [r.phone_code + r.mobile, r.id]));
  const idOf = (c: StudentChange) => c.existing?.id ?? newIds.get(c.callingCode + c.national) ?? 0;

  if (updated.length) {
    // An empty cell keeps what is stored: coalesce with the row's own value.
    await tx.query(
      `UPDATE students s SET ${TEXT_FIELDS.map((f) => `${f} = coalesce(u.${f}, s.${f})`).join(', ')}, name_key = coalesce(u.name_key::tsvector, s.name_key)
         FROM unnest($1::int[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
           AS u(id, ${TEXT_FIELDS.join(', ')}, name_key)
        WHERE s.id = u.id`,
      [
        updated.map(idOf),
        ...TEXT_FIELDS.map((f) => column(updated, (c) => c.fields[f] ?? null)),
        column(updated, (c) => (c.fields.name ? nameKey(c.fields.name) : null)),
      ],
    );
  }
  const pairs = (pick: (c: StudentChange) => number[]) => {
    const students: number[] = [];
    const others: number[] = [];
    for (const change of changes) {
      for (const id of pick(change)) {
        students.push(idOf(change));
        others.push(id);
      }
    }
    return [students, others];
  };
  await tx.query(
    `INSERT INTO enrolments (student_id, subject_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`,
    pairs((c) => c.subjectIds),
  );
  await tx.query(
    `INSERT INTO batch_members (student_id, batch_id) SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING`,
    pairs((c) => c.batchIds),
  );

  await recordAudits(
    tx,
    actor,
    changes.map((change) => ({
      action: change.existing ? 'student.import_update' : 'student.import_add',
      entity: 'student',
      entityId: idOf(change),
      before: change.existing ? { ...change.existing, line: change.line } : null,
      after: {
        ...change.fields,
        mobile: `+${change.callingCode}${change.national}`,
        add_subject_ids: change.subjectIds,
        add_batch_ids: change.batchIds,
        line: change.line,
      },
    })),
  );
}
