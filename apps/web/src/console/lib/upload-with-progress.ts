import type { ResponseOf } from '@portal/contract';
import { type ConsoleEndpoint, MEDIA_UPLOAD, type MediaKind, type MediaUploadAnswer } from '@portal/contract/console';
import type * as z from 'zod/mini';
import { CONSOLE_API_BASE, ConsoleApiError } from './console-api.ts';
import { useStaffSession } from './staff-session.ts';

/** A chosen file's bytes, refusing one over `maxBytes` (with `tooLarge`'s message) before anything is read. */
export async function readFileBytes(
  file: File,
  maxBytes: number,
  tooLarge: (megabytes: string) => string,
): Promise<Uint8Array<ArrayBuffer>> {
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
 * the server's message on a refusal, sign-out on 401, the answer checked against the contract; `signal` stops it.
 */
export function uploadWithProgress<E extends ConsoleEndpoint<z.ZodMiniType | undefined, z.ZodMiniType>>(
  endpoint: E,
  file: string,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
): Promise<ResponseOf<E>> {
  return send(
    endpoint.method,
    CONSOLE_API_BASE + endpoint.path,
    'application/json',
    JSON.stringify({ file }),
    endpoint.response,
    onProgress,
    signal,
  ) as Promise<ResponseOf<E>>;
}

/**
 * Posts a file's bytes as they are (not JSON) to a console call that takes bytes, such as a content pack, with the
 * upload's progress (0 to 1); `signal` stops it.
 */
export function uploadBytes<
  E extends ConsoleEndpoint<undefined, z.ZodMiniType> & { bytes: { contentTypes: readonly string[] } },
>(
  endpoint: E,
  bytes: Blob | Uint8Array<ArrayBuffer>,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
): Promise<ResponseOf<E>> {
  return send(
    endpoint.method,
    CONSOLE_API_BASE + endpoint.path,
    endpoint.bytes.contentTypes[0]!,
    bytes,
    endpoint.response,
    onProgress,
    signal,
  ) as Promise<ResponseOf<E>>;
}

/**
 * Posts a file's bytes as they are to {@link MEDIA_UPLOAD}, streamed from disk by the browser, with its progress (0 to 1);
 * a File's own name goes along, for the console's lists to show.
 */
export function uploadMedia(
  file: Blob,
  kind: MediaKind,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
): Promise<MediaUploadAnswer> {
  const query = new URLSearchParams({
    [MEDIA_UPLOAD.bytes.query]: kind,
    ...(file instanceof File && file.name ? { [MEDIA_UPLOAD.bytes.nameQuery]: file.name } : {}),
  });
  return send(
    'POST',
    `${CONSOLE_API_BASE}${MEDIA_UPLOAD.path}?${query}`,
    'application/octet-stream',
    file,
    MEDIA_UPLOAD.response,
    onProgress,
    signal,
  );
}

function send<T>(
  method: string,
  url: string,
  contentType: string,
  body: XMLHttpRequestBodyInit,
  schema: z.ZodMiniType<T>,
  onProgress: (done: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.setRequestHeader('Content-Type', contentType);
    const token = useStaffSession.getState().token;
    if (token) request.setRequestHeader('Token', token);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    signal?.addEventListener('abort', () => request.abort());
    request.onabort = () => reject(new ConsoleApiError(0, 'The upload was stopped; nothing was stored.'));
    request.onerror = () =>
      reject(new ConsoleApiError(0, 'The server cannot be reached. Check the connection and try again.'));
    request.onload = () => {
      let payload: unknown;
      try {
        payload = JSON.parse(request.responseText);
      } catch {
        payload = undefined;
      }
      if (request.status < 200 || request.status >= 300) {
        if (request.status === 401) useStaffSession.getState().signOut();
        const message =
          typeof payload === 'object' && payload !== null && 'message' in payload
            ? String(payload.message)
            : `The upload failed (${request.status}).`;
        reject(new ConsoleApiError(request.status, message));
        return;
      }
      const parsed = schema.safeParse(payload);
      if (parsed.success) resolve(parsed.data);
      else reject(new ConsoleApiError(request.status, 'The server sent an answer the console does not understand.'));
    };
    request.send(body);
  });
}
