import { backup } from '../../backup/archive.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'backup',
  summary: 'Write the database and the media and materials folders into one archive',
  usage: 'backup FILE.tar.gz',
  async run({ positionals, db, config, print }) {
    const [file, ...rest] = positionals;
    if (!file || rest.length) throw new CommandError('Name the archive file to write.');
    const summary = await backup(db, config, file);
    const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
    print(`Wrote ${file}: ${rows} rows in ${summary.tables.length} tables, with the media and materials folders.`);
    return 0;
  },
});
