import { nameQuery } from '../../domain/name-key.ts';

export interface RosterFilter {
  /** Words of a name (each a prefix of a word in it), or digits of a number (a prefix of it). */
  q?: string | undefined;
  status: 'active' | 'inactive' | 'all';
  subject_id?: number | undefined;
  batch_id?: number | undefined;
}

/** A filter as SQL: a CTE to put first (or ''), the rows to read as `s`, and the conditions on them. */
export interface FilterSql {
  with: string;
  from: string;
  conditions: string[];
  params: unknown[];
  param: (value: unknown) => string;
}

/**
 * The students a roster filter matches. A query of digits (spaces, dashes, + allowed) is a number: matched as a prefix
 * of the national number, without a leading 0 or the calling code; anything else is matched word by word against
 * names, as written or across scripts (name-key.ts). Each form has its own index (migrations 021 and 092). A subject
 * is its enrolments (`enrolments_subject`); a batch is its members who are still enrolled in its subject, as students
 * reach it (`reachable_batches`), so the roster and the batch's classes
 * agree on who is in it.
 */
export function filterSql(filter: RosterFilter, callingCode: string): FilterSql {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;

  const q = filter.q?.trim() ?? '';
  let named = '';
  if (/^\+?[\d\s().-]+$/.test(q) && /\d{2}/.test(q)) {
    conditions.push(`s.mobile LIKE ${param(`${nationalPrefix(q, callingCode)}%`)}`);
  } else if (q) {
    const query = nameQuery(q);
    // Matches first, from the word index, then sorted: walking the alphabetical index instead would pass
    // every name before the first match (all of A to K to find "Kavya"). A row whose key is not filled yet
    // (fill-name-keys.ts) is found by the words PostgreSQL's parser stored, among the few such rows: one OR of
    // the two would read the whole table for a common prefix.
    if (query) {
      const typed = param(query);
      const columns = 'id, name, phone_code, mobile, academic_level, active';
      named = `WITH named AS MATERIALIZED (
                 SELECT ${columns} FROM students WHERE name_key @@ ${typed}::tsquery
                 UNION ALL
                 SELECT ${columns} FROM students WHERE name_key IS NULL AND name_words @@ ${typed}::tsquery)`;
    }
  }
  if (filter.status !== 'all') conditions.push(`s.active = ${param(filter.status === 'active')}`);
  if (filter.subject_id !== undefined)
    conditions.push(
      `EXISTS (SELECT 1 FROM enrolments e WHERE e.student_id = s.id AND e.subject_id = ${param(filter.subject_id)})`,
    );
  if (filter.batch_id !== undefined) {
    // reachable_batches spelled out for one batch: its subject is read once, so each student costs two primary-key
    // probes (member, enrolled) instead of the view's three-table join.
    const batch = param(filter.batch_id);
    conditions.push(
      `EXISTS (SELECT 1 FROM batch_members m WHERE m.student_id = s.id AND m.batch_id = ${batch})`,
      `EXISTS (SELECT 1 FROM enrolments e WHERE e.student_id = s.id AND e.subject_id = (SELECT b.subject_id FROM batches b WHERE b.id = ${batch}))`,
    );
  }
  return { with: named, from: named ? 'named' : 'students', conditions, params, param };
}

export const whereOf = (sql: FilterSql) => (sql.conditions.length ? `WHERE ${sql.conditions.join(' AND ')}` : '');

/** The national digits a typed (partial) number starts with: `+91 98765` and `098765` both give `98765`. */
function nationalPrefix(q: string, callingCode: string): string {
  let digits = q.replace(/\D/g, '');
  if (/^(\+|00)/.test(q)) {
    digits = digits.replace(/^00/, '');
    return digits.startsWith(callingCode) ? digits.slice(callingCode.length) : digits;
  }
  digits = digits.replace(/^0+/, '');
  // Only a number longer than a national one carries its calling code: `9198…` alone may be a number's start.
  return digits.length > 10 && digits.startsWith(callingCode) ? digits.slice(callingCode.length) : digits;
}
