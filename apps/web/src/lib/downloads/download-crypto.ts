// Each stored file is encrypted with AES-256-GCM under the student's key (docs/decisions/077): a fresh 12-byte IV per
// file, and the item and file name as additional data, so a file cannot be moved to another item or name unnoticed.

const fromBase64url = (text: string) => {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
};

/** The server's key as a CryptoKey that scripts can use but not export (extractable: false). */
export const importDownloadKey = (base64url: string) =>
  crypto.subtle.importKey('raw', fromBase64url(base64url), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);

const additionalData = (item: string, name: string) => new TextEncoder().encode(`${item}/${name}`);

export async function encryptFile(key: CryptoKey, item: string, name: string, data: BufferSource) {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: additionalData(item, name) },
    key,
    data,
  );
  return { item, name, iv, data: sealed };
}

/** The file's bytes; rejects (OperationError) when it was made with another key, or changed. */
export const decryptFile = (
  key: CryptoKey,
  file: { item: string; name: string; iv: Uint8Array<ArrayBuffer>; data: ArrayBuffer },
) =>
  crypto.subtle.decrypt(
    { name: 'AES-GCM', iv: file.iv, additionalData: additionalData(file.item, file.name) },
    key,
    file.data,
  );
