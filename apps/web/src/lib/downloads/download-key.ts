import { getDownloadKey } from '@portal/contract/downloads';
import { callApi } from '../api-client.ts';
import { importDownloadKey } from './download-crypto.ts';
import { inTransaction, requested, type StoredKey } from './download-db.ts';

/** The student's key kept on this device, if any (what offline playback and reading use). */
export const storedKey = (studentId: number) =>
  inTransaction(['keys'], 'readonly', (tx) => requested<StoredKey | undefined>(tx.objectStore('keys').get(studentId)));

/**
 * The student's key for a new download: the one kept on this device, else asked of the server (online only) and kept,
 * as a CryptoKey that cannot be exported.
 */
export async function keyForDownload(studentId: number): Promise<CryptoKey> {
  const kept = await storedKey(studentId);
  if (kept) return kept.key;
  const { data } = await callApi(getDownloadKey, { stud_id: studentId });
  const key = await importDownloadKey(data.key);
  const stored: StoredKey = { studentId, keyId: data.key_id, key };
  await inTransaction(['keys'], 'readwrite', (tx) => requested(tx.objectStore('keys').put(stored)));
  return key;
}
