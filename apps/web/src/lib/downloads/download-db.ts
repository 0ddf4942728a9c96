// The device's store of downloads (docs/decisions/077): one IndexedDB database, deleted whole at Logout
// (lib/private-data.ts). Three stores: `items` (what was downloaded, for whom, its size), `files` (each item's
// encrypted files) and `keys` (the student's key, as a CryptoKey that cannot be exported).

/** Deleted by name at Logout (lib/private-data.ts; downloads.test.ts checks that it goes). */
export const DOWNLOADS_DB = 'portal-downloads';

const VERSION = 1;

export interface DownloadItem {
  /** `video:{topic_id}` or `material:{id}`. */
  id: string;
  kind: 'video' | 'material';
  studentId: number;
  title: string;
  /** Subject and chapter, as the lists show them. */
  subtitle: string;
  topicId?: number;
  /** The step downloaded ("240p", or "original" for the uploaded file). */
  step?: string;
  /** The stored files in order: for a step its playlist first, else the parts of one file. */
  files: string[];
  /** The file's type, for a file kept in parts (a video file, a PDF). */
  mime?: string;
  /** Bytes downloaded (the size the student was shown, once complete). */
  bytes: number;
  complete: boolean;
  savedAt: number;
  /** Where the student stopped, as known when it was downloaded. */
  positionSeconds?: number | null;
  durationSeconds?: number | null;
}

export interface StoredFile {
  item: string;
  name: string;
  iv: Uint8Array<ArrayBuffer>;
  data: ArrayBuffer;
}

export interface StoredKey {
  studentId: number;
  keyId: string;
  key: CryptoKey;
}

let opening: Promise<IDBDatabase> | null = null;

/** The database, opened once; it closes itself when Logout deletes it (versionchange), and opens anew after. */
export function openDownloads(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DOWNLOADS_DB, VERSION);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore('items', { keyPath: 'id' });
      db.createObjectStore('files', { keyPath: ['item', 'name'] });
      db.createObjectStore('keys', { keyPath: 'studentId' });
    };
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('IndexedDB refused'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

type StoreName = 'items' | 'files' | 'keys';

/** Runs `work` in one transaction and resolves once it has committed (a quota error rejects it). */
export async function inTransaction<T>(
  stores: StoreName[],
  mode: IDBTransactionMode,
  work: (tx: IDBTransaction) => Promise<T> | T,
): Promise<T> {
  const db = await openDownloads();
  const tx = db.transaction(stores, mode);
  const done = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = () => reject(tx.error ?? new DOMException('The transaction was aborted', 'AbortError'));
  });
  const result = await work(tx);
  await done;
  return result;
}

/** An IDBRequest as a promise. */
export const requested = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
