import type { ResponseOf } from '@portal/contract';
import { type commitContentPack, MAX_CONTENT_PACK_BYTES, type previewContentPack } from '@portal/contract/console';
import { ConsoleApiError } from '../../../lib/console-api.ts';
import { readFileBytes, uploadBytes } from '../../../lib/upload-with-progress.ts';

type PackCall = typeof previewContentPack | typeof commitContentPack;

/**
 * Reads a chosen zip's bytes, refusing one over the limit (or not a zip by its first bytes) before anything is sent.
 * They are kept, so the commit sends the very bytes the preview checked even if the file changes on disk meanwhile.
 */
export async function readZipFile(file: File): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readFileBytes(
    file,
    MAX_CONTENT_PACK_BYTES,
    (size) =>
      `The file is ${size} MB; the largest pack the console takes is ${MAX_CONTENT_PACK_BYTES / 1024 / 1024} MB. Import larger packs at the server with npm run portal -- import content.`,
  );
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new ConsoleApiError(400, `${file.name} is not a zip file.`);
  return bytes;
}

/** Posts the zip's bytes (Content-Type: application/zip) to a content-pack call, reporting the upload's progress (0 to 1). */
export const uploadPack = <E extends PackCall>(
  endpoint: E,
  zip: Uint8Array<ArrayBuffer>,
  onProgress: (done: number) => void,
  signal: AbortSignal,
): Promise<ResponseOf<E>> => uploadBytes(endpoint, zip, onProgress, signal);
