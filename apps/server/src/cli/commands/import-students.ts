import { readFile, stat } from 'node:fs/promises';
import { MAX_IMPORT_FILE_BYTES } from '@portal/contract/console';
import { importStudents } from '../../resources/roster/import/import-students.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'import students',
  summary: 'Check a CSV of students (a dry run), or --commit its valid lines in one transaction',
  usage:
    'import students FILE.csv [--commit]   (columns: name,mobile,guardian,email,state,district,academic_level,subjects,batches)',
  options: { commit: { type: 'boolean' } },
  async run({ options, positionals, db, config, print }) {
    const [file, ...rest] = positionals;
    if (!file || rest.length) throw new CommandError('Name one CSV file.');
    const size = await stat(file).then(
      (s) => s.size,
      () => {
        throw new CommandError(`There is no file ${file}.`);
      },
    );
    if (size > MAX_IMPORT_FILE_BYTES) {
      throw new CommandError(
        `file: The file is ${Math.round(size / 1024 / 1024)} MB; the largest file accepted is ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB.`,
      );
    }
    const bytes = new Uint8Array(await readFile(file));
    const commit = options.commit === true;
    const { plan, applied } = await importStudents(db, bytes, {
      defaultCountry: config.DEFAULT_COUNTRY,
      commit: commit ? 'command line' : undefined,
    });
    const problems = plan.lines.filter((l) => l.status === 'error');
    const { counts } = plan;
    if (plan.ignoredColumns.length)
      print(`Not imported: ${plan.ignoredColumns.join(', ')} (the portal does not keep these columns).`);
    if (!commit) {
      for (const p of problems) print(`line ${p.line}: ${p.message}`);
      print(
        `${file}: ${counts.new} new, ${counts.updated} to update, ${counts.unchanged} unchanged, ${counts.error} with problems. Nothing was stored (dry run).`,
      );
      if (!problems.length) print('Add --commit to apply it.');
      return problems.length ? 1 : 0;
    }
    print(
      `${file}: ${applied?.created ?? 0} new, ${applied?.updated ?? 0} updated, ${counts.unchanged} unchanged, in one transaction.`,
    );
    if (problems.length) {
      print(`Skipped ${problems.length} line${problems.length === 1 ? '' : 's'}:`);
      for (const p of problems) print(`line ${p.line}: ${p.message}`);
    }
    return problems.length ? 1 : 0;
  },
});
