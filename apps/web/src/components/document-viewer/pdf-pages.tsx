import { useState } from 'react';
import toast from 'react-hot-toast';
import { downloadPdf } from './download-pdf.ts';
import type { PDFDocumentProxy } from './pdfjs.ts';
import { usePdfViewer } from './use-pdf-viewer.ts';
import { ViewerToolbar } from './viewer-toolbar.tsx';
import { t } from '../../i18n/language.ts';

/** The open document: its toolbar and pdf.js's scrolling pages. */
export default function PdfPages({ pdf, fileName }: { pdf: PDFDocumentProxy; fileName: string }) {
  const { containerRef, controller, state } = usePdfViewer(pdf);
  const [downloading, setDownloading] = useState(false);
  const download = () => {
    setDownloading(true);
    downloadPdf(pdf, fileName)
      .catch(() => toast.error(t('The document could not be downloaded. Please try again.')))
      .finally(() => setDownloading(false));
  };
  return (
    <>
      <ViewerToolbar state={state} controller={controller} onDownload={download} downloading={downloading} />
      <div className="relative min-h-0 flex-1 bg-slate-200">
        {/* pdf.js needs an absolutely positioned scroll container with the pages' div inside. */}
        <div
          ref={containerRef}
          tabIndex={0}
          aria-label={t('Document pages')}
          className="absolute inset-0 overflow-auto"
        >
          <div className="pdfViewer" />
        </div>
      </div>
    </>
  );
}
