import { resolve } from 'node:path';
import { backup, type BackupSummary, recordBackup } from '../../backup/archive.ts';
import { backupThroughServer } from '../../backup/ask-server-backup.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'backup',
  summary: 'Write the database and the media and materials folders into one archive',
  usage: 'backup FILE.tar.gz',
  async run({ positionals, db, config, print }) {
    const file = archiveNamed(positionals);
    const summary = await backup(db, config, file);
    await recordBackup(db, resolve(file), summary);
    print(written(file, summary));
    return 0;
  },
  // The embedded database is held by the running server: it writes the archive, and goes on serving meanwhile.
  async throughServer({ positionals, config, print }) {
    const file = archiveNamed(positionals);
    print(`${written(file, await backupThroughServer(config, file))} (Written by the running server.)`);
    return 0;
  },
});

function archiveNamed(positionals: string[]) {
  const [file, ...rest] = positionals;
  if (!file || rest.length) throw new CommandError('Name the archive file to write.');
  return file;
}

function written(file: string, summary: BackupSummary) {
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  return `Wrote ${file}: ${rows} rows in ${summary.tables.length} tables, with the media and materials folders.`;
}
