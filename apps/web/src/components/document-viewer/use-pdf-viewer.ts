import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from './pdfjs.ts';
import { ViewerController, type ViewerChange, type ViewerState } from './viewer-controller.ts';

const PHONE_QUERY = '(max-width: 767px)';

/** Puts pdf.js's viewer into the container once the document is open, and mirrors its state for React. */
export function usePdfViewer(pdf: PDFDocumentProxy) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [controller, setController] = useState<ViewerController>();
  const [state, setState] = useState<ViewerState>({
    page: 1,
    pages: pdf.numPages,
    scale: 1,
    find: { status: 'idle', current: 0, total: 0 },
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const apply = (change: ViewerChange) =>
      setState((previous) => ({ ...previous, ...change, find: { ...previous.find, ...change.find } }));
    // Phones open at the page's width; wider screens at pdf.js's automatic zoom.
    const created = new ViewerController(container, pdf, apply, window.matchMedia(PHONE_QUERY).matches);
    setController(created);
    return () => created.destroy();
  }, [pdf]);

  return { containerRef, controller, state };
}
