import { BULK_LIMIT } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';
import { filterSql, type RosterFilter, whereOf } from './roster-filter.ts';

export interface StudentSummary {
  id: number;
  name: string;
  phone_code: string;
  mobile: string;
  academic_level: string;
  active: boolean;
  subject_ids: number[];
  batch_ids: number[];
}

export interface StudentSearch extends RosterFilter {
  /** The last student of the previous page: pages are keyset, so page 2,000 costs what page 1 does. */
  after?: { name: string; id: number } | undefined;
  limit: number;
}

/**
 * One page of the students a filter matches, in alphabetical order, each with their subjects and batches (looked up
 * for the page's rows only).
 */
export async function searchStudents(
  db: Queryable,
  search: StudentSearch,
  callingCode: string,
): Promise<{ students: StudentSummary[]; more: boolean }> {
  const sql = filterSql(search, callingCode);
  if (search.after)
    sql.conditions.push(
      `(lower(s.name), s.id) > (lower(${sql.param(search.after.name)}), ${sql.param(search.after.id)})`,
    );
  const rows = await db.query<StudentSummary>(
    `${sql.with ? `${sql.with},` : 'WITH'} page AS (
       SELECT s.id, s.name, s.phone_code, s.mobile, s.academic_level, s.active
         FROM ${sql.from} s
        ${whereOf(sql)}
        ORDER BY lower(s.name), s.id
        LIMIT ${sql.param(search.limit + 1)})
     SELECT p.*,
       coalesce((SELECT array_agg(e.subject_id ORDER BY e.subject_id) FROM enrolments e WHERE e.student_id = p.id), '{}') AS subject_ids,
       coalesce((SELECT array_agg(r.batch_id ORDER BY r.batch_id) FROM reachable_batches r WHERE r.student_id = p.id), '{}') AS batch_ids
       FROM page p
      ORDER BY lower(p.name), p.id`,
    sql.params,
  );
  return { students: rows.slice(0, search.limit), more: rows.length > search.limit };
}

/** How many students a filter matches, counted no further than one past BULK_LIMIT. */
export async function countMatching(db: Queryable, filter: RosterFilter, callingCode: string): Promise<number> {
  const sql = filterSql(filter, callingCode);
  const [row] = await db.query<{ count: number }>(
    `${sql.with} SELECT count(*)::int AS count FROM (SELECT 1 FROM ${sql.from} s ${whereOf(sql)} LIMIT ${sql.param(BULK_LIMIT + 1)}) m`,
    sql.params,
  );
  return row?.count ?? 0;
}

/** The ids of the students a filter matches, at most one past BULK_LIMIT (so that a caller can refuse more). */
export async function matchingIds(db: Queryable, filter: RosterFilter, callingCode: string): Promise<number[]> {
  const sql = filterSql(filter, callingCode);
  const rows = await db.query<{ id: number }>(
    `${sql.with} SELECT s.id FROM ${sql.from} s ${whereOf(sql)} ORDER BY s.id LIMIT ${sql.param(BULK_LIMIT + 1)}`,
    sql.params,
  );
  return rows.map((r) => r.id);
}
