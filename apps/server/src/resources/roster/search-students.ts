import type { Queryable } from '../../db/database.ts';
import { nameQuery } from '../../domain/name-key.ts';

export interface StudentSummary {
  id: number;
  name: string;
  phone_code: string;
  mobile: string;
  academic_level: string;
  active: boolean;
}

export interface StudentSearch {
  /** Words of a name (each a prefix of a word in it), or digits of a number (a prefix of it). */
  q?: string;
  status: 'active' | 'inactive' | 'all';
  /** The last student of the previous page: pages are keyset, so page 2,000 costs what page 1 does. */
  after?: { name: string; id: number };
  limit: number;
}

/**
 * One page of students in alphabetical order. A query of digits (spaces, dashes, + allowed) is a number:
 * matched as a prefix of the national number, without a leading 0 or the calling code; anything else is
 * matched word by word against names, as written or across scripts (name-key.ts). Each form has its own index
 * (migrations 021 and 092).
 */
export async function searchStudents(
  db: Queryable,
  search: StudentSearch,
  callingCode: string,
): Promise<{ students: StudentSummary[]; more: boolean }> {
  const conditions: string[] = [];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;

  const q = search.q?.trim() ?? '';
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
  if (search.status !== 'all') conditions.push(`s.active = ${param(search.status === 'active')}`);
  if (search.after)
    conditions.push(`(lower(s.name), s.id) > (lower(${param(search.after.name)}), ${param(search.after.id)})`);

  const rows = await db.query<StudentSummary>(
    `${named} SELECT s.id, s.name, s.phone_code, s.mobile, s.academic_level, s.active
       FROM ${named ? 'named' : 'students'} s
      ${conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''}
      ORDER BY lower(s.name), s.id
      LIMIT ${param(search.limit + 1)}`,
    params,
  );
  return { students: rows.slice(0, search.limit), more: rows.length > search.limit };
}

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
