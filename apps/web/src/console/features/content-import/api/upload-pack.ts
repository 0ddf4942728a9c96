import type { ResponseOf } from '@portal/contract';
import { type commitContentPack, MAX_CONTENT_PACK_BYTES, type previewContentPack } from '@portal/contract/console';
import { CONSOLE_API_BASE, ConsoleApiError } from '../../../lib/console-api.ts';
import { useStaffSession } from '../../../lib/staff-session.ts';

type PackCall = typeof previewContentPack | typeof commitContentPack;

/** Reads a chosen zip into base64, refusing one over the limit (or not a zip by its first bytes) before anything is sent. */
export async function readZipFile(file: File): Promise<string> {
  if (file.size > MAX_CONTENT_PACK_BYTES) {
    throw new ConsoleApiError(
      413,
      `The file is ${(file.size / 1024 / 1024).toFixed(1)} MB; the largest pack the console takes is ${MAX_CONTENT_PACK_BYTES / 1024 / 1024} MB. Import larger packs at the server with npm run portal -- import content.`,
    );
  }
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new ConsoleApiError(400, `${file.name} is not a zip file.`);
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * Posts the zip to a content-pack call and reports the upload's progress (0 to 1). XMLHttpRequest rather than
 * the console's fetch client, because fetch does not report upload progress; the rules are the same:
 * the staff token, the server's message on a refusal, sign-out on 401, the answer checked against the contract.
 */
export function uploadPack<E extends PackCall>(endpoint: E, file: string, onProgress: (done: number) => void): Promise<ResponseOf<E>> {
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
