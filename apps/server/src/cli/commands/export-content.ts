import { materialsDir, mediaDir } from '../../media/index.ts';
import { exportPack } from '../../resources/content-pack/export-pack.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'export content',
  summary: 'Write every subject, chapter, topic, material, quiz, batch, class and news item as a content pack',
  usage: 'export content FOLDER   (writes FOLDER/content.yaml and the files it names)',
  async run({ positionals, db, config, print }) {
    const [folder, ...rest] = positionals;
    if (!folder || rest.length) throw new CommandError('Name one folder to write the pack into.');
    const { counts, warnings } = await exportPack(db, folder, {
      mediaDir: mediaDir(config),
      materialsDir: materialsDir(config),
      timeZone: config.INSTITUTE_TIMEZONE,
    });
    for (const warning of warnings) print(`warning: ${warning}`);
    print(
      `${folder}: ${counts.subjects} subjects, ${counts.news} news items and ${counts.files} files written to content.yaml.`,
    );
    return 0;
  },
});
