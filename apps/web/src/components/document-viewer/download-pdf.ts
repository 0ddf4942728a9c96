import type { PDFDocumentProxy } from './pdfjs.ts';

/**
 * Saves the open document's own bytes. The file needs the session header, so a plain link could not fetch
 * it; pdf.js already holds (or fetches) the bytes with that header.
 */
export async function downloadPdf(pdf: PDFDocumentProxy, fileName: string) {
  const data = await pdf.getData();
  const url = URL.createObjectURL(new Blob([data as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The file name at the end of a material's path, e.g. `/…/materials/3/notes.pdf` → `notes.pdf`. */
export function fileNameOf(path: string): string {
  const last = path.split('?')[0]?.split('/').pop() ?? '';
  try {
    return decodeURIComponent(last) || 'document.pdf';
  } catch {
    return 'document.pdf';
  }
}
