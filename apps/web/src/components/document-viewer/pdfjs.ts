import * as pdfjsLib from 'pdfjs-dist';
// The worker is one of the portal's own files (never a CDN): it works offline, under `worker-src 'self'`,
// and no third party learns what a student reads.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

pdfjsLib.GlobalWorkerOptions.workerSrc = workerUrl;
// pdf_viewer.mjs reads the library from this global when it is evaluated (see pdf-viewer-lib.ts).
(globalThis as { pdfjsLib?: typeof pdfjsLib }).pdfjsLib = pdfjsLib;

export { pdfjsLib };
export type { PDFDocumentProxy, PDFDocumentLoadingTask } from 'pdfjs-dist';

/**
 * Starts loading a material. The session token travels as a header on every request, range requests
 * included, so the address itself grants nothing. Parts are fetched as pages need them (ranges, no
 * background download), which keeps a long document cheap on mobile data.
 */
export function openPdf(url: string, token: string | null, data?: Uint8Array<ArrayBuffer>) {
  // A downloaded copy (docs/decisions/077) is given as its bytes (a copy: pdf.js hands them to its worker): a blob:
  // address is not fetched, since the content-security policy's connect-src is 'self'.
  const source = data ? { data: data.slice() } : { url, httpHeaders: token ? { Token: token } : undefined };
  return pdfjsLib.getDocument({
    ...source,
    withCredentials: false,
    isEvalSupported: false,
    enableXfa: false,
    disableAutoFetch: true,
    disableStream: true,
  });
}

export const { AnnotationMode, PasswordResponses, ResponseException } = pdfjsLib;
