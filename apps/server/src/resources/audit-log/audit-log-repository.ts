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

/** The table and column that name each kind of thing the log records (its `entity`), for an entry's label. */
const namedBy: Record<string, [table: string, column: string]> = {
  student: ['students', 'name'],
  staff: ['staff', 'name'],
  subject: ['subjects', 'name'],
  chapter: ['chapters', 'name'],
  topic: ['topics', 'name'],
  material: ['study_materials', 'title'],
  quiz: ['quizzes', 'name'],
  news: ['news', 'heading'],
  batch: ['batches', 'name'],
  live_class: ['live_classes', 'class_name'],
  academic_level: ['academic_levels', 'name'],
  registration: ['registration_requests', 'name'],
  message_template: ['message_templates', 'name'],
};

const named = (record: string) =>
  ['name', 'title', 'heading', 'class_name'].map((key) => `${record}->>'${key}'`).join(', ');
const numericId = `CASE WHEN a.entity_id ~ '^[0-9]{1,9}$' THEN a.entity_id::int END`;

/**
 * What an entry changed, as a person knows it: the name or title the entry itself recorded (after, else before),
 * else the thing's name now (a move or an unlock records none), an upload's own file name, a mobile number as it
 * is. Each lookup is one primary-key read, so a page of 100 entries costs 100 indexed reads at most.
 */
const label = `COALESCE(
  NULLIF(btrim(COALESCE(${named('a.after')}, ${named('a.before')})), ''),
  CASE a.entity
    ${Object.entries(namedBy)
      .map(
        ([entity, [table, column]]) =>
          `WHEN '${entity}' THEN (SELECT t.${column} FROM ${table} t WHERE t.id = ${numericId})`,
      )
      .join('\n    ')}
    WHEN 'media' THEN (SELECT mn.original_name FROM media_names mn WHERE mn.address = a.entity_id)
    WHEN 'mobile' THEN a.entity_id
  END)`;

/**
 * A page of the log, newest first, by keyset on (at, id): each filter has its index (migration 010), so a page costs
 * the same at the millionth entry as at the first, and the table is never read whole.
 */
export async function auditPage(
  db: Queryable,
  filter: AuditFilter,
): Promise<{ entries: AuditEntry[]; next: { at: string; id: number } | null }> {
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
    `SELECT a.id, to_char(a.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, a.actor, a.action, a.entity, a.entity_id, ${label} AS label, a.before, a.after
       FROM (SELECT * FROM audit_log
              ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
              ORDER BY at DESC, id DESC
              LIMIT $${values.length}) a
      ORDER BY a.at DESC, a.id DESC`,
    values,
  );
  const page = rows.slice(0, filter.limit);
  const last = page.at(-1);
  return { entries: page, next: rows.length > filter.limit && last ? { at: last.at, id: last.id } : null };
}
