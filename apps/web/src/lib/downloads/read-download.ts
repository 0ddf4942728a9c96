import type { DownloadItem } from './download-db.ts';
import { storedKey } from './download-key.ts';
import { readFile } from './download-store.ts';
import { offlineAddress, offlineLoader } from './offline-hls-loader.ts';

/** What the player is given to play a downloaded video: its address, and for a stream the loader that reads it. */
export interface OfflineVideo {
  src: string;
  loader?: ReturnType<typeof offlineLoader>;
  /** Frees what was made for it (the decrypted file's address). */
  release: () => void;
}

export class NotReadable extends Error {
  constructor() {
    super('This download cannot be opened on this device.');
    this.name = 'NotReadable';
  }
}

async function keyOf(item: DownloadItem) {
  const stored = await storedKey(item.studentId);
  if (!stored) throw new NotReadable();
  return stored.key;
}

async function readParts(item: DownloadItem): Promise<ArrayBuffer[]> {
  const key = await keyOf(item);
  const parts: ArrayBuffer[] = [];
  for (const name of item.files) {
    const part = await readFile(key, item.id, name).catch(() => undefined);
    if (!part) throw new NotReadable();
    parts.push(part);
  }
  return parts;
}

/** A file kept in parts (a video file, a PDF), decrypted whole into a Blob. */
export const readWhole = async (item: DownloadItem): Promise<Blob> =>
  new Blob(await readParts(item), { type: item.mime ?? 'application/octet-stream' });

/** The same, as bytes (what pdf.js takes: it may not fetch a blob: address under the content-security policy). */
export async function readBytes(item: DownloadItem): Promise<Uint8Array<ArrayBuffer>> {
  const parts = await readParts(item);
  const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let offset = 0;
  for (const part of parts) {
    bytes.set(new Uint8Array(part), offset);
    offset += part.byteLength;
  }
  return bytes;
}

/** A downloaded video for the player: a stream through the offline loader, a file as a decrypted Blob's address. */
export async function openOfflineVideo(item: DownloadItem): Promise<OfflineVideo> {
  if (item.step === 'original') {
    const url = URL.createObjectURL(await readWhole(item));
    // The player chooses by the address's ending; a blob's address ignores its fragment.
    const ending = item.mime === 'video/webm' ? 'webm' : 'mp4';
    return { src: `${url}#.${ending}`, release: () => URL.revokeObjectURL(url) };
  }
  const key = await keyOf(item);
  const playlist = item.files[0];
  if (!playlist) throw new NotReadable();
  return {
    src: offlineAddress(item.id, playlist),
    loader: offlineLoader((name) =>
      item.files.includes(name) ? readFile(key, item.id, name) : Promise.resolve(undefined),
    ),
    release: () => undefined,
  };
}
