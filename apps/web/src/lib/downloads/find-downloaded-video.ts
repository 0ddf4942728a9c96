import type { DownloadItem } from './download-db.ts';
import { readItem } from './download-store.ts';
import { queuedPosition } from './queued-position.ts';
import { type OfflineVideo, openOfflineVideo } from './read-download.ts';
import { videoItemId } from './run-download.ts';

export type DownloadedVideo =
  | { status: 'none' }
  | { status: 'failed' }
  | { status: 'ready'; item: DownloadItem; video: OfflineVideo; queuedAt: number | undefined };

/**
 * The topic's downloaded video, if this device holds it complete for this student: what the player is given instead
 * of the network's link, so a downloaded topic plays without a connection (and without data) wherever it is opened;
 * with a position watched offline and not yet sent.
 */
export async function findDownloadedVideo(topicId: number, studentId: number): Promise<DownloadedVideo> {
  const item = await readItem(videoItemId(topicId)).catch(() => undefined);
  if (!item?.complete || item.studentId !== studentId) return { status: 'none' };
  const video = await openOfflineVideo(item).catch(() => undefined);
  if (!video) return { status: 'failed' };
  return { status: 'ready', item, video, queuedAt: queuedPosition(studentId, topicId) };
}
