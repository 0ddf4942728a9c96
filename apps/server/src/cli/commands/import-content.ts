import { materialsDir, mediaDir } from '../../media/index.ts';
import { formatCounts, formatProblem, importPack, type PackReport } from '../../resources/content-pack/import-pack.ts';
import { PackRefused } from '../../resources/content-pack/read-pack.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'import content',
  summary: 'Check a content pack (FOLDER/content.yaml and its files; a dry run), or --commit it in one transaction',
  usage: 'import content FOLDER [--commit]   (format: docs/features/content-pack.md)',
  options: { commit: { type: 'boolean' } },
  async run({ options, positionals, db, config, print }) {
    const [folder, ...rest] = positionals;
    if (!folder || rest.length) throw new CommandError('Name one folder that holds content.yaml.');
    const commit = options.commit === true;
    const report = await importPack(db, folder, {
      mediaDir: mediaDir(config),
      materialsDir: materialsDir(config),
      timeZone: config.INSTITUTE_TIMEZONE,
      commit,
    }).catch((error: unknown): PackReport => {
      if (error instanceof PackRefused) return { problems: [{ place: 'content.yaml', message: error.message }] };
      throw error;
    });
    if (!report.counts) {
      for (const problem of report.problems) print(formatProblem(problem));
      print(
        `${folder}: ${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}. Nothing was stored.`,
      );
      return 1;
    }
    if (!commit) {
      print(`${folder}: ${formatCounts(report.counts)} (dry run: nothing was stored). Add --commit to apply it.`);
      return 0;
    }
    print(`${folder}: ${formatCounts(report.counts)}, in one transaction.`);
    return 0;
  },
});
