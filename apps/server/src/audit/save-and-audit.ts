import type { Database, Queryable } from '../db/database.ts';
import { type Actor, type AuditEntry, recordAudit, recordAudits } from './record-audit.ts';

/** What a change answers its caller, and the audit entry it leaves (null when it changed nothing). */
export interface AuditedChange<T> {
  answer: T;
  audit: AuditEntry | null;
}

/**
 * Makes a staff change and records its audit entry in the same transaction, so the change and its record are stored
 * together or not at all. A refusal thrown by `change` stores neither.
 */
export function saveAndAudit<T>(
  db: Database,
  actor: Actor,
  change: (tx: Queryable) => Promise<AuditedChange<T>>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { answer, audit } = await change(tx);
    if (audit) await recordAudit(tx, actor, audit);
    return answer;
  });
}

/**
 * The same for a change of many things at once (a bulk action on the roster): one entry per thing changed, stored in
 * one statement with the change.
 */
export function saveAndAuditAll<T>(
  db: Database,
  actor: Actor,
  change: (tx: Queryable) => Promise<{ answer: T; audits: AuditEntry[] }>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const { answer, audits } = await change(tx);
    await recordAudits(tx, actor, audits);
    return answer;
  });
}
