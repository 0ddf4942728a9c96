/** Backup and restore of a whole installation: one archive (archive-format.ts), written and read as a stream. */
export { backup } from './write-backup.ts';
export { recordBackup } from './record-backup.ts';
export { RestoreRefused, restore } from './restore-backup.ts';
export type { BackupSummary } from './archive-format.ts';
