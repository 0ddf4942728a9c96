import type { ResponseOf } from '@portal/contract';
import { type commitContentPack, MAX_CONTENT_PACK_BYTES, type previewContentPack } from '@portal/contract/console';
import { ConsoleApiError } from '../../../lib/console-api.ts';
import { readFileBytes, toBase64, uploadWithProgress } from '../../../lib/upload-with-progress.ts';

type PackCall = typeof previewContentPack | typeof commitContentPack;

/** Reads a chosen zip into base64, refusing one over the limit (or not a zip by its first bytes) before anything is sent. */
export async function readZipFile(file: File): Promise<string> {
  const bytes = await readFileBytes(
    file,
    MAX_CONTENT_PACK_BYTES,
    (size) =>
      `The file is ${size} MB; the largest pack the console takes is ${MAX_CONTENT_PACK_BYTES / 1024 / 1024} MB. Import larger packs at the server with npm run portal -- import content.`,
  );
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new ConsoleApiError(400, `${file.name} is not a zip file.`);
  return toBase64(bytes);
}

/** Posts the zip to a content-pack call, reporting the upload's progress (0 to 1). */
export const uploadPack = <E extends PackCall>(endpoint: E, file: string, onProgress: (done: number) => void): Promise<ResponseOf<E>> =>
  uploadWithProgress(endpoint, file, onProgress);
