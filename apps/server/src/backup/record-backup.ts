import { recordAudit } from '../audit/record-audit.ts';
import type { Queryable } from '../db/database.ts';
import type { BackupSummary } from './archive-format.ts';

/**
 * Notes in the audit log that an archive was written, after it was (so the archive does not hold the entry): the
 * Overview's go-live checklist sees that a backup was taken.
 */
export async function recordBackup(db: Queryable, file: string, summary: BackupSummary) {
  await recordAudit(db, 'command line', {
    action: 'backup.write',
    entity: 'backup',
    entityId: null,
    before: null,
    after: { file, tables: summary.tables.length, rows: summary.tables.reduce((sum, table) => sum + table.rows, 0) },
  });
}
