import type { DownloadStep } from '@portal/contract/downloads';
import type { DownloadItem } from './download-db.ts';
import { announceChange, deleteItem, saveItem, writeFile } from './download-store.ts';
import { isPlainName, playlistFiles } from './hls-playlist.ts';
import { DownloadFailed } from './download-failed.ts';

// Fetching a download's files into the store (run-download.ts drives it): each file encrypted as it arrives, the
// bytes counted for the progress, the item saved first as not finished and marked complete at the end.

/** A file that is not a stream's segment is kept in parts of this size: no part needs the whole file in memory. */
export const PART_BYTES = 1024 * 1024;

export interface Task {
  key: CryptoKey;
  signal: AbortSignal;
  counted: (bytes: number) => void;
  stillTheirs: () => void;
}

/** A ladder's step: its playlist, then every file it names; an uploaded file: in parts. */
export async function storeVideo(task: Task, item: DownloadItem, step: DownloadStep) {
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

export async function storeInParts(task: Task, item: DownloadItem, url: string, headers: Record<string, string>) {
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
