import { AnnotationMode, type PDFDocumentProxy } from './pdfjs.ts';
import { PageBuffer } from './page-buffer.ts';
import { EventBus, FindState, LinkTarget, PDFFindController, PDFViewer } from './pdf-viewer-lib.ts';
import { SafeLinkService } from './safe-link-service.ts';
import { attachZoomGestures, type Origin } from './zoom-gestures.ts';
import { clampZoom, stepZoom } from './zoom.ts';

/** Viewer constants of the spec (section 9); the page buffer's is in page-buffer.ts. */
export const MAX_CANVAS_PIXELS = 16_777_216;
export const RESIZE_DEBOUNCE_MS = 150;

export type FindStatus = 'idle' | 'pending' | 'found' | 'not-found' | 'wrapped';
export interface ViewerState {
  page: number;
  pages: number;
  scale: number;
  find: { status: FindStatus; current: number; total: number };
}
export type ViewerChange = Partial<Omit<ViewerState, 'find'>> & { find?: Partial<ViewerState['find']> };

const findStatuses: Record<number, FindStatus> = {
  [FindState.FOUND]: 'found',
  [FindState.NOT_FOUND]: 'not-found',
  [FindState.WRAPPED]: 'wrapped',
  [FindState.PENDING]: 'pending',
};
const presetScales = new Set(['auto', 'page-width', 'page-fit', 'page-actual']);

/** One open document in pdf.js's viewer: pages, text layer, links, find, zoom; reports changes to React. */
export class ViewerController {
  private readonly eventBus = new EventBus();
  private readonly viewer: PDFViewer;
  private readonly findController: PDFFindController;
  private readonly abort = new AbortController();
  private readonly resizeObserver: ResizeObserver;
  private readonly buffer: PageBuffer;
  private resizeTimer: ReturnType<typeof setTimeout> | undefined;
  private lastQuery = '';

  constructor(
    private readonly container: HTMLDivElement,
    pdf: PDFDocumentProxy,
    onChange: (change: ViewerChange) => void,
    fitWidth: boolean,
  ) {
    const { eventBus, abort } = this;
    const linkService = new SafeLinkService({
      eventBus,
      externalLinkTarget: LinkTarget.BLANK,
      externalLinkRel: 'noopener noreferrer',
    });
    this.findController = new PDFFindController({ eventBus, linkService });
    const options = {
      container,
      eventBus,
      linkService,
      findController: this.findController,
      maxCanvasPixels: MAX_CANVAS_PIXELS,
      annotationMode: AnnotationMode.ENABLE,
      // Not in pdf.js's type declarations, but honoured: removes its scroll and resize listeners on close.
      abortSignal: abort.signal,
    };
    this.viewer = new PDFViewer(options);
    linkService.setViewer(this.viewer);
    this.buffer = new PageBuffer(this.viewer);

    const on = (name: string, listener: (event: never) => void) =>
      eventBus.on(name, listener, { signal: abort.signal });
    on('pagesinit', () => (this.viewer.currentScaleValue = fitWidth ? 'page-width' : 'auto'));
    on('pagechanging', ({ pageNumber }: { pageNumber: number }) => onChange({ page: pageNumber }));
    on('scalechanging', ({ scale }: { scale: number }) => onChange({ scale }));
    on('pagerender', ({ pageNumber }: { pageNumber: number }) => this.buffer.pageStarted(pageNumber));
    on('pagerendered', ({ pageNumber }: { pageNumber: number }) => this.buffer.pageDrawn(pageNumber));
    on('updateviewarea', () => this.buffer.releaseFarPages());
    on('updatefindmatchescount', ({ matchesCount }: { matchesCount: { current: number; total: number } }) =>
      onChange({ find: { current: matchesCount.current, total: matchesCount.total } }),
    );
    on(
      'updatefindcontrolstate',
      ({ state, matchesCount }: { state: number; matchesCount: { current: number; total: number } }) =>
        onChange({ find: { status: findStatuses[state] ?? 'idle', ...matchesCount } }),
    );

    this.viewer.setDocument(pdf);
    linkService.setDocument(pdf);
    this.findController.setDocument(pdf);
    onChange({ pages: pdf.numPages });

    attachZoomGestures(container, (factor, origin) => this.zoomBy(factor, origin), abort.signal);
    this.resizeObserver = new ResizeObserver(() => {
      clearTimeout(this.resizeTimer);
      this.resizeTimer = setTimeout(() => this.refit(), RESIZE_DEBOUNCE_MS);
    });
    this.resizeObserver.observe(container);
  }

  zoomIn = () => this.zoomTo(stepZoom(this.viewer.currentScale, 1));
  zoomOut = () => this.zoomTo(stepZoom(this.viewer.currentScale, -1));
  fitWidth = () => (this.viewer.currentScaleValue = 'page-width');

  goToPage = (page: number) => {
    if (Number.isInteger(page) && page >= 1 && page <= this.viewer.pagesCount) this.viewer.currentPageNumber = page;
  };

  find = (query: string, previous = false) => {
    const again = query === this.lastQuery;
    this.lastQuery = query;
    this.eventBus.dispatch('find', {
      source: this,
      type: again ? 'again' : '',
      query,
      caseSensitive: false,
      entireWord: false,
      highlightAll: true,
      findPrevious: previous,
      matchDiacritics: false,
    });
  };

  destroy() {
    clearTimeout(this.resizeTimer);
    this.resizeObserver.disconnect();
    this.abort.abort();
    this.viewer.cleanup();
  }

  private zoomTo(scale: number, origin?: Origin) {
    const current = this.viewer.currentScale;
    const target = clampZoom(scale);
    if (Math.abs(target - current) < 1e-3) return;
    // Gestures redraw once they pause; the canvases are stretched by CSS meanwhile.
    this.viewer.updateScale({ scaleFactor: target / current, origin, drawingDelay: origin ? 400 : -1 });
  }

  private zoomBy(factor: number, origin: Origin) {
    const { top, left } = this.container.getBoundingClientRect();
    // pdf.js measures the origin from the container's offset position.
    this.zoomTo(this.viewer.currentScale * factor, [
      origin[0] - left + this.container.offsetLeft,
      origin[1] - top + this.container.offsetTop,
    ]);
  }

  /** After a resize, a fitted zoom is fitted again; the pages in view are redrawn either way. */
  private refit() {
    const value = this.viewer.currentScaleValue;
    if (presetScales.has(value)) this.viewer.currentScaleValue = value;
    this.viewer.update();
  }
}
