import { recordAudit } from '../../audit/record-audit.ts';
import { findUnreferencedFiles, FRESH_HOURS, removeFiles, type StoredFile } from '../../media/index.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'media prune',
  summary: `List stored files nothing refers to (older than ${FRESH_HOURS} hours) with their size; --yes removes them`,
  usage: 'media prune [--yes]   (a backup first is wise: docs/operations.md)',
  options: { yes: { type: 'boolean' } },
  async run({ options, positionals, db, config, print }) {
    if (positionals.length) throw new CommandError(`Unexpected: ${positionals.join(' ')}`);
    const { unreferenced, fresh } = await findUnreferencedFiles(db, config);
    for (const file of unreferenced) print(`${file.shown}  ${readable(file.bytes)}`);
    if (fresh.length) {
      print(
        `Kept: ${count(fresh)} nothing refers to yet, written in the last ${FRESH_HOURS} hours (an upload may await its save).`,
      );
    }
    if (!unreferenced.length) {
      print('No file to remove: every older file is referred to.');
      return 0;
    }
    if (options.yes !== true) {
      print(
        `${count(unreferenced)} nothing refers to, ${size(unreferenced)}. Nothing was removed: add --yes to remove them.`,
      );
      return 0;
    }
    await removeFiles(unreferenced);
    await recordAudit(db, 'command line', {
      action: 'media.prune',
      entity: 'media',
      entityId: null,
      before: { files: unreferenced.map((file) => file.shown), bytes: total(unreferenced) },
      after: null,
    });
    print(`Removed ${count(unreferenced)} nothing referred to, ${size(unreferenced)}.`);
    return 0;
  },
});

const count = (files: StoredFile[]) => `${files.length} file${files.length === 1 ? '' : 's'}`;
const total = (files: StoredFile[]) => files.reduce((sum, file) => sum + file.bytes, 0);
const size = (files: StoredFile[]) => readable(total(files));
const readable = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} KB` : `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
