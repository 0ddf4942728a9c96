import type { AuditEntry } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';

export interface AuditFilter {
  staffId?: number;
  action?: string;
  entity?: string;
  entityId?: string;
  /** Days (YYYY-MM-DD) in `timeZone`, both included. */
  from?: string;
  to?: string;
  timeZone: string;
  after?: { at: string; id: number };
  limit: number;
}

/**
 * A page of the log, newest first, by keyset on (at, id): each filter has its index (migration 010), so a page costs
 * the same at the millionth entry as at the first, and the table is never read whole.
 */
export async function auditPage(db: Queryable, filter: AuditFilter): Promise<{ entries: AuditEntry[]; next: { at: string; id: number } | null }> {
  const where: string[] = [];
  const values: unknown[] = [];
  const add = (condition: (placeholder: string) => string, value: unknown) => {
    values.push(value);
    where.push(condition(`$${values.length}`));
  };
  if (filter.staffId !== undefined) add((p) => `staff_id = ${p}`, filter.staffId);
  if (filter.action !== undefined) add((p) => `action = ${p}`, filter.action);
  if (filter.entity !== undefined) add((p) => `entity = ${p}`, filter.entity);
  if (filter.entityId !== undefined) add((p) => `entity_id = ${p}`, filter.entityId);
  if (filter.from !== undefined || filter.to !== undefined) {
    values.push(filter.timeZone);
    const zone = `$${values.length}`;
    if (filter.from !== undefined) add((p) => `at >= (${p}::date)::timestamp AT TIME ZONE ${zone}`, filter.from);
    if (filter.to !== undefined) add((p) => `at < (${p}::date + 1)::timestamp AT TIME ZONE ${zone}`, filter.to);
  }
  if (filter.after !== undefined) {
    values.push(filter.after.at, filter.after.id);
    where.push(`(at, id) < ($${values.length - 1}::timestamptz, $${values.length})`);
  }
  values.push(filter.limit + 1);
  // The time to the microsecond, as stored: a cursor cut to milliseconds would skip entries of the same millisecond.
  const rows = await db.query<AuditEntry>(
    `SELECT id, to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, actor, action, entity, entity_id, before, after
       FROM audit_log
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
      ORDER BY at DESC, id DESC
      LIMIT $${values.length}`,
    values,
  );
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return { entries: page, next: rows.length > filter.limit && last ? { at: last.at, id: last.id } : null };
}
