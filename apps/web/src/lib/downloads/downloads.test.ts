import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../session-store.ts';
import { decryptFile, encryptFile, importDownloadKey } from './download-crypto.ts';
import { inTransaction, requested, type StoredFile } from './download-db.ts';
import { listItems, readFile } from './download-store.ts';
import { storedKey } from './download-key.ts';
import { offlineLoader } from './offline-hls-loader.ts';
import { openOfflineVideo, readWhole } from './read-download.ts';
import { DownloadFailed, type DownloadChoice, runDownload } from './run-download.ts';

// Download for later (docs/decisions/077): what is stored is encrypted with the student's key, can be read back only
// with it, counts its bytes as it arrives, can be cancelled, and is gone after Logout.

const STUDENT = 7;
const KEY = Buffer.alloc(32, 9).toString('base64url');
const bytes = (size: number, fill: number) => new Uint8Array(size).fill(fill);
const PLAYLIST =
  '#EXTM3U\n#EXT-X-MAP:URI="240p-init.m4s"\n#EXTINF:4,\n240p-000.m4s\n#EXTINF:4,\n240p-001.m4s\n#EXT-X-ENDLIST\n';
const LINK = '/media/v/sig/ladders/x-1/240p.m3u8';
const files: Record<string, Uint8Array> = {
  '/media/v/sig/ladders/x-1/240p.m3u8': new TextEncoder().encode(PLAYLIST),
  '/media/v/sig/ladders/x-1/240p-init.m4s': bytes(700, 1),
  '/media/v/sig/ladders/x-1/240p-000.m4s': bytes(40_000, 2),
  '/media/v/sig/ladders/x-1/240p-001.m4s': bytes(30_000, 3),
  '/Api/materials/5/notes.pdf': bytes(100, 4),
};
const sizeOf = (prefix: string) =>
  Object.entries(files)
    .filter(([path]) => path.startsWith(prefix))
    .reduce((sum, [, data]) => sum + data.byteLength, 0);

const choice = (): DownloadChoice => ({
  topic: {
    topic_id: 12,
    topic_name: 'Units',
    subject_name: 'Physics',
    chapter_name: 'Measurements',
    duration_seconds: 8,
    steps: [],
    materials: [],
  },
  step: { name: '240p', height: 240, bytes: sizeOf('/media/'), link: LINK },
  materials: [
    {
      id: 5,
      title: 'Notes',
      bytes: files['/Api/materials/5/notes.pdf']!.byteLength,
      path: '/Api/materials/5/notes.pdf',
    },
  ],
});

/** jsdom's Blob has no arrayBuffer(). */
const blobBytes = (blob: Blob) =>
  new Promise<ArrayBuffer>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.readAsArrayBuffer(blob);
  });

let fetched: string[];
beforeEach(() => {
  fetched = [];
  useSession.setState({ user: { stud_id: STUDENT } as never, token: 'token-abc' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = String(input);
      fetched.push(url);
      if (url.endsWith('/Student/download_key'))
        return Response.json({ status: true, message: 'Download key', data: { key: KEY, key_id: 'abcdefabcdef' } });
      if (init?.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
      const body = files[url];
      return body ? new Response(body.slice()) : new Response('{}', { status: 403 });
    }),
  );
});
afterEach(async () => {
  vi.unstubAllGlobals();
  useSession.setState({ user: null, token: null });
  await new Promise((resolve) => {
    const deletion = indexedDB.deleteDatabase('portal-downloads');
    deletion.onsuccess = deletion.onerror = resolve;
  });
});

describe('encryption', () => {
  it('seals a file so that only the same key, item and name open it', async () => {
    const key = await importDownloadKey(KEY);
    const plain = bytes(100, 42);
    const sealed = await encryptFile(key, 'video:1', 'a.m4s', plain);
    expect(new Uint8Array(sealed.data)).not.toEqual(expect.arrayContaining([...plain]));
    expect(new Uint8Array(await decryptFile(key, sealed))).toEqual(plain);
    await expect(decryptFile(key, { ...sealed, name: 'b.m4s' })).rejects.toThrow();
    const other = await importDownloadKey(Buffer.alloc(32, 1).toString('base64url'));
    await expect(decryptFile(other, sealed)).rejects.toThrow();
  });

  it('keeps the key as one that cannot be exported', async () => {
    const key = await importDownloadKey(KEY);
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });
});

describe('a download', () => {
  it("stores a step's playlist and segments and the materials, counting bytes up to the total it showed", async () => {
    const progress: number[] = [];
    const total = choice().step!.bytes + choice().materials[0]!.bytes;
    await runDownload(STUDENT, choice(), ({ loaded }) => progress.push(loaded), new AbortController().signal);
    expect(progress.at(-1)).toBe(total);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const items = await listItems(STUDENT);
    expect(items.map((i) => [i.id, i.complete, i.bytes])).toEqual(
      expect.arrayContaining([
        ['video:12', true, sizeOf('/media/')],
        ['material:5', true, files['/Api/materials/5/notes.pdf']!.byteLength],
      ]),
    );
    expect(await listItems(8)).toEqual([]);
    // The key was asked for once, with the student's id, and is kept as a CryptoKey.
    expect(fetched.filter((url) => url.endsWith('/Student/download_key'))).toHaveLength(1);
    expect((await storedKey(STUDENT))?.keyId).toBe('abcdefabcdef');

    // Stored encrypted: no stored file holds the segment's bytes as they came.
    const stored = await inTransaction(['files'], 'readonly', (tx) =>
      requested<StoredFile>(tx.objectStore('files').get(['video:12', '240p-000.m4s'])),
    );
    expect(new Uint8Array(stored.data).subarray(0, 16)).not.toEqual(bytes(16, 2));
    const key = (await storedKey(STUDENT))!.key;
    expect(new Uint8Array((await readFile(key, 'video:12', '240p-000.m4s'))!)).toEqual(bytes(40_000, 2));

    // The PDF, kept in parts (of PART_BYTES: one here), reads back whole.
    const pdf = items.find((i) => i.id === 'material:5')!;
    expect(pdf.files).toEqual(['part-00000']);
    expect(new Uint8Array(await blobBytes(await readWhole(pdf)))).toEqual(files['/Api/materials/5/notes.pdf']);
  });

  it('plays back through the offline loader, which hls.js asks for the playlist and each segment', async () => {
    await runDownload(STUDENT, choice(), () => undefined, new AbortController().signal);
    const item = (await listItems(STUDENT)).find((i) => i.id === 'video:12')!;
    const video = await openOfflineVideo(item);
    expect(video.src).toMatch(/\/offline\/video%3A12\/240p\.m3u8$/);
    const Loader = video.loader!;
    const load = (url: string, responseType: string) =>
      new Promise<unknown>((resolve, reject) =>
        new Loader().load({ url, responseType, type: 'manifest' } as never, {} as never, {
          onSuccess: (response) => resolve(response.data),
          onError: (error) => reject(new Error(error.text)),
          onTimeout: () => reject(new Error('timeout')),
        }),
      );
    expect(await load(video.src, 'text')).toBe(PLAYLIST);
    const segment = (await load(video.src.replace('240p.m3u8', '240p-001.m4s'), 'arraybuffer')) as ArrayBuffer;
    expect(new Uint8Array(segment)).toEqual(bytes(30_000, 3));
    await expect(load(video.src.replace('240p.m3u8', 'other.m4s'), 'arraybuffer')).rejects.toThrow(/not downloaded/);
  });

  it("replaces an earlier step's files, and does not fetch again a PDF already stored", async () => {
    await runDownload(STUDENT, choice(), () => undefined, new AbortController().signal);
    files['/media/v/sig/ladders/x-1/360p.m3u8'] = new TextEncoder().encode('#EXTM3U\n#EXTINF:4,\n360p-000.m4s\n');
    files['/media/v/sig/ladders/x-1/360p-000.m4s'] = bytes(500, 6);
    fetched = [];
    const higher = { ...choice(), step: { name: '360p', height: 360, bytes: 0, link: LINK.replace('240p', '360p') } };
    await runDownload(STUDENT, higher, () => undefined, new AbortController().signal);
    expect(fetched.some((url) => url.includes('/materials/'))).toBe(false);
    const video = (await listItems(STUDENT)).find((i) => i.id === 'video:12')!;
    expect(video).toMatchObject({ step: '360p', files: ['360p.m3u8', '360p-000.m4s'] });
    const left = await inTransaction(['files'], 'readonly', (tx) =>
      requested<IDBValidKey[]>(
        tx.objectStore('files').getAllKeys(IDBKeyRange.bound(['video:12', ''], ['video:12', '\uffff'])),
      ),
    );
    expect(left).toEqual([
      ['video:12', '360p-000.m4s'],
      ['video:12', '360p.m3u8'],
    ]);
    delete files['/media/v/sig/ladders/x-1/360p.m3u8'];
    delete files['/media/v/sig/ladders/x-1/360p-000.m4s'];
  });

  it('stops when cancelled and keeps nothing of it', async () => {
    const controller = new AbortController();
    const run = runDownload(
      STUDENT,
      choice(),
      ({ loaded }) => (loaded > 10_000 ? controller.abort() : undefined),
      controller.signal,
    );
    await expect(run).rejects.toEqual(new DownloadFailed('cancelled'));
    expect(await listItems(STUDENT)).toEqual([]);
  });

  it('refuses at once, with the quota reason, what does not fit on the device', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      onLine: true,
      storage: { persist: async () => true, estimate: async () => ({ quota: 50_000, usage: 10_000 }) },
    });
    await expect(runDownload(STUDENT, choice(), () => undefined, new AbortController().signal)).rejects.toEqual(
      new DownloadFailed('quota'),
    );
    expect(await listItems(STUDENT)).toEqual([]);
  });

  it('is removed with the key at Logout', async () => {
    await runDownload(STUDENT, choice(), () => undefined, new AbortController().signal);
    useSession.getState().removeUser();
    useSession.setState({ user: { stud_id: STUDENT } as never, token: 'token-new' });
    await vi.waitFor(async () => expect(await listItems(STUDENT)).toEqual([]));
    expect(await storedKey(STUDENT)).toBeUndefined();
  });

  it('a loader asked for a file that cannot be read answers an error, not a crash', async () => {
    const Loader = offlineLoader(() => Promise.reject(new Error('broken')));
    const error = await new Promise<string>((resolve) =>
      new Loader().load({ url: 'https://x/offline/a/b.m4s', responseType: 'arraybuffer' } as never, {} as never, {
        onSuccess: () => resolve('success'),
        onError: (e) => resolve(e.text),
        onTimeout: () => resolve('timeout'),
      }),
    );
    expect(error).toMatch(/broken/);
  });
});
