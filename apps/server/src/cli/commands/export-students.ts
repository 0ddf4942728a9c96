import { writeFile } from 'node:fs/promises';
import { exportStudentsCsv } from '../../resources/roster/import/export-students.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'export students',
  summary: 'Write every student to a CSV in the columns import reads',
  usage: 'export students FILE.csv',
  async run({ positionals, db, print }) {
    const [file, ...rest] = positionals;
    if (!file || rest.length) throw new CommandError('Name the CSV file to write.');
    const csv = await exportStudentsCsv(db);
    await writeFile(file, csv, 'utf8');
    const lines = csv.split('\r\n').length - 2;
    print(`Wrote ${lines} student${lines === 1 ? '' : 's'} to ${file}.`);
    return 0;
  },
});
