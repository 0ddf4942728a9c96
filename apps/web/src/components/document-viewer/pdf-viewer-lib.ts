// Order matters: pdfjs.ts sets globalThis.pdfjsLib, which pdf_viewer.mjs reads when it is evaluated.
import './pdfjs.ts';
import 'pdfjs-dist/web/pdf_viewer.css';

export {
  EventBus,
  FindState,
  LinkTarget,
  PDFFindController,
  PDFLinkService,
  PDFViewer,
  RenderingStates,
} from 'pdfjs-dist/web/pdf_viewer.mjs';
