import { access } from 'node:fs/promises';
import { RestoreRefused, restore } from '../../backup/archive.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'restore',
  summary: 'Restore an archive from backup into a fresh installation (no students yet)',
  usage: 'restore FILE.tar.gz',
  async run({ positionals, db, config, print }) {
    const [file, ...rest] = positionals;
    if (!file || rest.length) throw new CommandError('Name the archive file to restore.');
    await access(file).catch(() => {
      throw new CommandError(`${file} does not exist or cannot be read.`);
    });
    try {
      const summary = await restore(db, config, file);
      const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
      print(
        `Restored ${file} (made ${summary.createdAt}): ${rows} rows and the media and materials folders. Everyone signs in again.`,
      );
      return 0;
    } catch (error) {
      if (error instanceof RestoreRefused) throw new CommandError(error.message);
      // tar and zlib errors: a truncated or foreign file.
      if (error instanceof Error && ('tarCode' in error || (error as { code?: string }).code?.startsWith('Z_'))) {
        throw new CommandError(`${file} is not a readable backup archive (${error.message}).`);
      }
      throw error;
    }
  },
});
