import type { Queryable } from '../db/database.ts';

/**
 * Who made a change: a signed-in staff member, the command line (someone at the server itself), or the system (the
 * server by itself, on a schedule: a class reminder's SMS).
 */
export type Actor = { id: number; name: string; role: string } | 'command line' | 'system';

export interface AuditEntry {
  /** What was done, as `entity.verb`: `staff.add`, `student.deactivate`. */
  action: string;
  /** The kind of thing changed (`staff`, `student`) and its id. */
  entity: string;
  entityId: number | string | null;
  /** The thing as it was and as it is now (null when created or removed). Leave secrets out. */
  before: unknown;
  after: unknown;
}

/**
 * Appends one entry to the audit log. Call it with the transaction that makes the change, so the change
 * and its record are stored together or not at all.
 */
export async function recordAudit(tx: Queryable, actor: Actor, entry: AuditEntry): Promise<void> {
  const staffId = typeof actor === 'string' ? null : actor.id;
  const actorName = typeof actor === 'string' ? actor : `${actor.name} (${actor.role})`;
  await tx.query(
    `INSERT INTO audit_log (staff_id, actor, action, entity, entity_id, before, after) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      staffId,
      actorName,
      entry.action,
      entry.entity,
      entry.entityId === null ? null : String(entry.entityId),
      entry.before === null || entry.before === undefined ? null : JSON.stringify(entry.before),
      entry.after === null || entry.after === undefined ? null : JSON.stringify(entry.after),
    ],
  );
}

/** Appends many entries by one actor in one statement (a bulk import's thousands of changes), in order. */
export async function recordAudits(tx: Queryable, actor: Actor, entries: AuditEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const staffId = typeof actor === 'string' ? null : actor.id;
  const actorName = typeof actor === 'string' ? actor : `${actor.name} (${actor.role})`;
  const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));
  await tx.query(
    `INSERT INTO audit_log (staff_id, actor, action, entity, entity_id, before, after)
     SELECT $1, $2, e.action, e.entity, e.entity_id, e.before::jsonb, e.after::jsonb
       FROM unnest($3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) WITH ORDINALITY AS e(action, entity, entity_id, before, after, n)
      ORDER BY e.n`,
    [
      staffId,
      actorName,
      entries.map((e) => e.action),
      entries.map((e) => e.entity),
      entries.map((e) => (e.entityId === null ? null : String(e.entityId))),
      entries.map((e) => json(e.before)),
      entries.map((e) => json(e.after)),
    ],
  );
}
