import { decryptFile, encryptFile } from './download-crypto.ts';
import { type DownloadItem, inTransaction, requested, type StoredFile } from './download-db.ts';

// Items and their encrypted files, read and written through download-db.ts.

const CHANGED = 'portal:downloads-changed';
/** Tells lists on screen that what is stored has changed. */
export const announceChange = () => window.dispatchEvent(new Event(CHANGED));
export const onDownloadsChanged = (listener: () => void) => {
  window.addEventListener(CHANGED, listener);
  return () => window.removeEventListener(CHANGED, listener);
};

export const saveItem = (item: DownloadItem) =>
  inTransaction(['items'], 'readwrite', (tx) => requested(tx.objectStore('items').put(item))).then(() => undefined);

export const readItem = (id: string) =>
  inTransaction(['items'], 'readonly', (tx) => requested<DownloadItem | undefined>(tx.objectStore('items').get(id)));

/** The student's downloads, newest first. */
export async function listItems(studentId: number): Promise<DownloadItem[]> {
  const all = await inTransaction(['items'], 'readonly', (tx) =>
    requested<DownloadItem[]>(tx.objectStore('items').getAll()),
  );
  return all.filter((item) => item.studentId === studentId).sort((a, b) => b.savedAt - a.savedAt);
}

/** Encrypts and stores one file of an item. */
export async function writeFile(key: CryptoKey, item: string, name: string, data: BufferSource) {
  const sealed = await encryptFile(key, item, name, data);
  await inTransaction(['files'], 'readwrite', (tx) => requested(tx.objectStore('files').put(sealed)));
}

/** One file of an item, decrypted; undefined when it is not stored. */
export async function readFile(key: CryptoKey, item: string, name: string): Promise<ArrayBuffer | undefined> {
  const stored = await inTransaction(['files'], 'readonly', (tx) =>
    requested<StoredFile | undefined>(tx.objectStore('files').get([item, name])),
  );
  return stored ? decryptFile(key, stored) : undefined;
}

/** Removes an item and all its files. */
export async function deleteItem(id: string) {
  await inTransaction(['items', 'files'], 'readwrite', (tx) => {
    tx.objectStore('items').delete(id);
    tx.objectStore('files').delete(IDBKeyRange.bound([id, ''], [id, '\uffff']));
  });
  announceChange();
}
