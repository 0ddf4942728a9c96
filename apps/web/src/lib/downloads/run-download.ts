import type { DownloadMaterial, DownloadStep, TopicDownload } from '@portal/contract/downloads';
import { useSession } from '../session-store.ts';
import type { DownloadItem } from './download-db.ts';
import { keyForDownload } from './download-key.ts';
import { announceChange, deleteItem, readItem, saveItem, writeFile } from './download-store.ts';
import { isPlainName, playlistFiles } from './hls-playlist.ts';

/** A file that is not a stream's segment is kept in parts of this size: no part needs the whole file in memory. */
export const PART_BYTES = 1024 * 1024;

export type FailureReason = 'quota' | 'network' | 'refused' | 'cancelled';

export class DownloadFailed extends Error {
  constructor(readonly reason: FailureReason) {
    super(reason);
    this.name = 'DownloadFailed';
  }
}

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

interface Task {
  key: CryptoKey;
  signal: AbortSignal;
  counted: (bytes: number) => void;
  stillTheirs: () => void;
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

/** A ladder's step: its playlist, then every file it names; an uploaded file: in parts. */
async function storeVideo(task: Task, item: DownloadItem, step: DownloadStep) {
  if (step.name === 'original') {
    item.mime = `video/${/\.(\w+)$/.exec(step.link)?.[1]?.toLowerCase() ?? 'mp4'}`;
    return storeInParts(task, item, step.link, {});
  }
  const playlistName = step.link.split('/').pop() ?? 'playlist.m3u8';
  const playlist = await fetchWhole(task, step.link, {});
  const files = playlistFiles(new TextDecoder().decode(playlist));
  if (!isPlainName(playlistName) || !files.every(isPlainName)) throw new DownloadFailed('refused');
  await begin(task, item);
  await keep(task, item, playlistName, playlist);
  const base = step.link.slice(0, step.link.length - playlistName.length);
  for (const name of files) await keep(task, item, name, await fetchWhole(task, base + name, {}));
  await finish(item);
}

async function storeInParts(task: Task, item: DownloadItem, url: string, headers: Record<string, string>) {
  const reader = (await request(task, url, headers)).body?.getReader();
  if (!reader) throw new DownloadFailed('refused');
  await begin(task, item);
  let part = new Uint8Array(PART_BYTES);
  let filled = 0;
  const flush = async () => {
    if (filled === 0) return;
    await keep(task, item, `part-${String(item.files.length).padStart(5, '0')}`, part.subarray(0, filled));
    part = new Uint8Array(PART_BYTES);
    filled = 0;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    task.counted(value.byteLength);
    for (let offset = 0; offset < value.byteLength; ) {
      const take = Math.min(PART_BYTES - filled, value.byteLength - offset);
      part.set(value.subarray(offset, offset + take), filled);
      filled += take;
      offset += take;
      if (filled === PART_BYTES) await flush();
    }
  }
  await flush();
  await finish(item);
}

async function request(task: Task, url: string, headers: Record<string, string>) {
  task.stillTheirs();
  const response = await fetch(url, { headers, signal: task.signal, cache: 'no-store' });
  if (!response.ok || !response.body) throw new DownloadFailed('refused');
  return response;
}

async function fetchWhole(task: Task, url: string, headers: Record<string, string>) {
  const bytes = new Uint8Array(await (await request(task, url, headers)).arrayBuffer());
  task.counted(bytes.byteLength);
  return bytes;
}

async function begin(task: Task, item: DownloadItem) {
  task.stillTheirs();
  // Another step of the same video downloaded before: its files go, so none of them lingers unlisted.
  await deleteItem(item.id);
  await saveItem(item);
  announceChange();
}

async function keep(task: Task, item: DownloadItem, name: string, data: Uint8Array<ArrayBuffer>) {
  task.stillTheirs();
  await writeFile(task.key, item.id, name, data);
  item.files.push(name);
  item.bytes += data.byteLength;
}

async function finish(item: DownloadItem) {
  item.complete = true;
  item.savedAt = Date.now();
  await saveItem(item);
  announceChange();
}

/** Asks the browser to keep downloads when space runs low, and refuses early what cannot fit. */
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
