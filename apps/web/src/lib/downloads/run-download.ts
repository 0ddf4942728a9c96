import type { DownloadMaterial, DownloadStep, TopicDownload } from '@portal/contract/downloads';
import { useSession } from '../session-store.ts';
import type { DownloadItem } from './download-db.ts';
import { DownloadFailed } from './download-failed.ts';
import { keyForDownload } from './download-key.ts';
import { deleteItem, readItem } from './download-store.ts';
import { storeInParts, storeVideo } from './store-download.ts';

export { DownloadFailed, type FailureReason } from './download-failed.ts';

export interface DownloadChoice {
  topic: TopicDownload;
  /** The step of the video to download; none for materials only. */
  step?: DownloadStep | undefined;
  materials: DownloadMaterial[];
}

export interface DownloadProgress {
  loaded: number;
  total: number;
}

export const videoItemId = (topicId: number) => `video:${topicId}`;
export const materialItemId = (id: number) => `material:${id}`;

/** The bytes a choice costs: what the student is shown before, and the progress's total. */
export const choiceBytes = ({ step, materials }: Omit<DownloadChoice, 'topic'>) =>
  (step?.bytes ?? 0) + materials.reduce((sum, material) => sum + material.bytes, 0);

/**
 * Downloads a topic's video step and materials into this device, encrypted with the student's key, reporting bytes as
 * they arrive. Rejects with DownloadFailed: `cancelled` (the signal, or the student signed out), `quota` (no space),
 * `network`, `refused` (the server said no); what was partly stored is removed.
 */
export async function runDownload(
  studentId: number,
  choice: DownloadChoice,
  onProgress: (progress: DownloadProgress) => void,
  signal: AbortSignal,
): Promise<void> {
  const total = choiceBytes(choice);
  await makeRoom(total);
  const key = await keyForDownload(studentId).catch((error: unknown) => {
    throw asFailure(error, signal);
  });
  let loaded = 0;
  const counted = (bytes: number) => {
    loaded += bytes;
    onProgress({ loaded, total });
  };
  const sub = `${choice.topic.subject_name} - ${choice.topic.chapter_name}`;
  const stillTheirs = () => {
    if (signal.aborted || useSession.getState().user?.stud_id !== studentId) throw new DownloadFailed('cancelled');
  };
  const items: DownloadItem[] = [];
  const task = { key, signal, counted, stillTheirs };
  try {
    if (choice.step) {
      const item = videoItem(studentId, choice.topic, choice.step, sub);
      items.push(item);
      await storeVideo(task, item, choice.step);
    }
    for (const material of choice.materials) {
      // A PDF another topic of the chapter already brought is not fetched again.
      const kept = await readItem(materialItemId(material.id));
      if (kept?.complete && kept.studentId === studentId) {
        counted(material.bytes);
        continue;
      }
      const item = materialItem(studentId, material, sub);
      items.push(item);
      await storeInParts(task, item, material.path, { Token: useSession.getState().token ?? '' });
    }
  } catch (error) {
    // Signed out meanwhile: Logout deletes the whole store; touching it now would only open it again.
    if (useSession.getState().user?.stud_id === studentId)
      await Promise.all(items.map((item) => deleteItem(item.id).catch(() => undefined)));
    throw asFailure(error, signal);
  }
}

function videoItem(studentId: number, topic: TopicDownload, step: DownloadStep, subtitle: string): DownloadItem {
  return {
    id: videoItemId(topic.topic_id),
    kind: 'video',
    studentId,
    title: topic.topic_name,
    subtitle,
    topicId: topic.topic_id,
    step: step.name,
    files: [],
    bytes: 0,
    complete: false,
    savedAt: Date.now(),
    durationSeconds: topic.duration_seconds,
  };
}

function materialItem(studentId: number, material: DownloadMaterial, subtitle: string): DownloadItem {
  return {
    id: materialItemId(material.id),
    kind: 'material',
    studentId,
    title: material.title,
    subtitle,
    files: [],
    mime: 'application/pdf',
    bytes: 0,
    complete: false,
    savedAt: Date.now(),
  };
}

async function makeRoom(total: number) {
  const storage = navigator.storage as StorageManager | undefined;
  await storage?.persist?.().catch(() => false);
  const estimate = await storage?.estimate?.().catch(() => undefined);
  // AES-GCM adds 16 bytes a file; the margin covers that and the store's own overhead.
  if (estimate?.quota !== undefined && estimate.usage !== undefined && estimate.quota - estimate.usage < total * 1.05)
    throw new DownloadFailed('quota');
}

function asFailure(error: unknown, signal: AbortSignal): DownloadFailed {
  if (error instanceof DownloadFailed) return error;
  if (signal.aborted) return new DownloadFailed('cancelled');
  const name = (error as { name?: string } | null)?.name;
  if (name === 'QuotaExceededError') return new DownloadFailed('quota');
  if (error instanceof TypeError || (error as { status?: number } | null)?.status === 0)
    return new DownloadFailed('network');
  return new DownloadFailed('refused');
}
