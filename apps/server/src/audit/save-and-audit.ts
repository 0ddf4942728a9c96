import type { Database, Queryable } from '../db/database.ts';
import { type Actor, type AuditEntry, recordAudit } from './record-audit.ts';

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
