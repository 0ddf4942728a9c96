import type { ResponseOf } from '@portal/contract';
import { type commitStudentImport, MAX_IMPORT_FILE_BYTES, type previewStudentImport } from '@portal/contract/console';
import { readFileBytes, toBase64, uploadWithProgress } from '../../../lib/upload-with-progress.ts';

type ImportCall = typeof previewStudentImport | typeof commitStudentImport;

/** Reads a chosen file into base64, refusing one over the limit before anything is sent. */
export async function readCsvFile(file: File): Promise<string> {
  const bytes = await readFileBytes(
    file,
    MAX_IMPORT_FILE_BYTES,
    (size) =>
      `The file is ${size} MB; the largest file accepted is ${MAX_IMPORT_FILE_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
  );
  return toBase64(bytes);
}

/** Posts the file to an import call, reporting the upload's progress (0 to 1); `signal` stops it. */
export const uploadCsv = <E extends ImportCall>(
  endpoint: E,
  file: string,
  onProgress: (done: number) => void,
  signal: AbortSignal,
): Promise<ResponseOf<E>> => uploadWithProgress(endpoint, file, onProgress, signal);
