import { setTimeout as sleep } from 'node:timers/promises';
import { openEncodings, queueTopicVideos, startEncoder } from '../../media/index.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'encode pending',
  summary: "Encode every topic's video file that has no HLS ladder yet (docs/decisions/074), showing progress",
  usage: 'encode pending   (ffmpeg must be installed: scripts/ensure-ffmpeg.sh)',
  async run({ positionals, db, config, print }) {
    if (positionals.length) throw new CommandError(`Unexpected: ${positionals.join(' ')}`);
    const queued = await queueTopicVideos(db);
    print(`Queued ${queued} video${queued === 1 ? '' : 's'} with no ladder yet.`);
    const failures: string[] = [];
    const log = {
      info: () => undefined,
      warn: (fields: { source?: string; reason?: string }) => void failures.push(`${fields.source}: ${fields.reason}`),
      error: (_fields: object, message: string) => void failures.push(message),
    };
    const worker = startEncoder(
      { ...config, ENCODE_CONCURRENCY: Math.max(1, config.ENCODE_CONCURRENCY) },
      db,
      log,
      1000,
    );
    const shown = new Map<string, string>();
    try {
      // Jobs a running server holds are waited for too: the command ends when the queue is empty.
      while ((await openEncodings(db)) > 0 && failures.every((failure) => !failure.startsWith('ffmpeg is not'))) {
        const rows = await db.query<{ source: string; state: string; progress: number }>(
          `SELECT source, state, progress FROM video_encodings WHERE state IN ('waiting', 'running') ORDER BY queued_at`,
        );
        for (const row of rows) {
          const line = `${row.source}  ${row.state === 'running' ? `${Math.floor(row.progress * 100)}%` : 'waiting'}`;
          if (shown.get(row.source) !== line) print(line);
          shown.set(row.source, line);
        }
        await sleep(1000);
      }
    } finally {
      await worker.stop();
    }
    const [counts] = await db.query<{ ready: number; failed: number }>(
      `SELECT count(*) FILTER (WHERE state = 'ready')::int AS ready, count(*) FILTER (WHERE state = 'failed')::int AS failed
         FROM video_encodings`,
    );
    for (const failure of failures) print(`Not encoded: ${failure}`);
    print(`Ladders ready: ${counts?.ready ?? 0}; failed: ${counts?.failed ?? 0}.`);
    return failures.length ? 1 : 0;
  },
});
