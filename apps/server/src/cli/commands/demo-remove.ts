import { type DemoData, findDemoData, hasDemoData } from '../../demo/find-demo-data.ts';
import { demoRemovalRefusal, previewDemoFiles, removeDemoData } from '../../demo/remove-demo-data.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'demo remove',
  summary: 'List the demo data (staff, students, subjects and all under them, news, files); --commit deletes it',
  usage: 'demo remove [--commit]   (take a backup first: docs/operations.md, "Going live")',
  options: { commit: { type: 'boolean' } },
  async run({ options, positionals, db, config, print }) {
    if (positionals.length) throw new CommandError(`Unexpected: ${positionals.join(' ')}`);
    const demo = await findDemoData(db);
    if (!hasDemoData(demo)) {
      print('No demo data is left: nothing to remove.');
      return 0;
    }
    for (const line of describe(demo)) print(line);
    const refusal = await demoRemovalRefusal(db);
    if (options.commit !== true) {
      const files = await previewDemoFiles(db, config);
      const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
      print(`Demo files nothing else would refer to: ${files.length}, ${Math.ceil(bytes / 1024)} KB`);
      print(refusal ?? 'Nothing was removed: add --commit to delete all of this.');
      return 0;
    }
    if (refusal) throw new CommandError(refusal);
    const { files } = await removeDemoData(db, config);
    print(
      `Removed the demo data and ${files.length} demo file${files.length === 1 ? '' : 's'}; recorded in the audit log.`,
    );
    print('The demo staff and students are signed out, and the server will not seed the demo again.');
    return 0;
  },
});

function describe(demo: DemoData): string[] {
  const names = (rows: { name: string }[]) => rows.map((row) => row.name).join(', ') || 'none';
  const { under } = demo;
  const lines = [
    `Staff (${demo.staff.length}): ${demo.staff.map((s) => `${s.name} ${s.mobile} (${s.role})`).join(', ') || 'none'}`,
    `Students (${demo.students.length}): ${names(demo.students)}`,
    `Subjects (${demo.subjects.length}): ${names(demo.subjects)}`,
    `  with ${under.chapters} chapters, ${under.topics} topics, ${under.materials} study materials, ${under.quizzes} quizzes, ` +
      `${under.batches} batches, ${under.live_classes} live classes`,
    `Quiz attempts: ${under.quiz_attempts}; watch history rows: ${under.watch_rows}`,
    `News items: ${demo.news.length}`,
  ];
  if (under.own_students_enrolled > 0) {
    lines.push(
      `${under.own_students_enrolled} of your own students are enrolled in a demo subject: they lose that enrolment, nothing else.`,
    );
  }
  return lines;
}
