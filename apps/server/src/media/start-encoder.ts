import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { type EncodeLog, EncodeWorker } from './encode-worker.ts';
import { mediaDir } from './folders.ts';
import { FolderStore } from './media-store.ts';

/** The background encoder of this server (ENCODE_CONCURRENCY jobs at once on the machine; 0: none). */
export function startEncoder(
  config: Pick<Config, 'MEDIA_DIR' | 'ENCODE_CONCURRENCY' | 'FFMPEG_PATH' | 'FFPROBE_PATH'>,
  db: Database,
  log: EncodeLog,
  pollMs?: number,
) {
  const worker = new EncodeWorker({
    db,
    store: new FolderStore(mediaDir(config)),
    tools: { ffmpeg: config.FFMPEG_PATH, ffprobe: config.FFPROBE_PATH },
    log,
    concurrency: config.ENCODE_CONCURRENCY,
    pollMs,
  });
  worker.start();
  return worker;
}
