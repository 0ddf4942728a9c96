import type { ResponseOf } from '@portal/contract';
import type { ConsoleEndpoint } from '@portal/contract/console';
import type * as z from 'zod/mini';
import { CONSOLE_API_BASE, ConsoleApiError } from './console-api.ts';
import { useStaffSession } from './staff-session.ts';

/** A chosen file's bytes, refusing one over `maxBytes` (with `tooLarge`'s message) before anything is read. */
export async function readFileBytes(file: File, maxBytes: number, tooLarge: (megabytes: string) => string): Promise<Uint8Array> {
  if (file.size > maxBytes) throw new ConsoleApiError(413, tooLarge((file.size / 1024 / 1024).toFixed(1)));
  return new Uint8Array(await file.arrayBuffer());
}

/** Bytes as base64, in slices (one spread of a large file would overflow the call stack). */
export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Posts `{file}` to a console call and reports the upload's progress (0 to 1). XMLHttpRequest rather than the
 * console's fetch client, because fetch does not report upload progress; the rules are the same: the staff token,
 * the server's message on a refusal, sign-out on 401, the answer checked against the contract.
 */
export function uploadWithProgress<E extends ConsoleEndpoint<z.ZodMiniType | undefined, z.ZodMiniType>>(
  endpoint: E,
  file: string,
  onProgress: (done: number) => void,
): Promise<ResponseOf<E>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, CONSOLE_API_BASE + endpoint.path);
    request.setRequestHeader('Content-Type', 'application/json');
    const token = useStaffSession.getState().token;
    if (token) request.setRequestHeader('Token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onerror = () => reject(new ConsoleApiError(0, 'The server cannot be reached. Check the connection and try again.'));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status < 200 || request.status >= 300) {
        if (request.status === 401) useStaffSession.getState().signOut();
        const message = typeof payload === 'object' && payload !== null && 'message' in payload ? String(payload.message) : `The upload failed (${request.status}).`;
        reject(new ConsoleApiError(request.status, message));
        return;
      }
      const parsed = endpoint.response.safeParse(payload);
      if (parsed.success) resolve(parsed.data as ResponseOf<E>);
      else reject(new ConsoleApiError(request.status, 'The server sent an answer the console does not understand.'));
    };
    request.send(JSON.stringify({ file }));
  });
}
