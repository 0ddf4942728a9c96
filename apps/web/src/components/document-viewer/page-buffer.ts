import { RenderingStates, type PDFViewer } from './pdf-viewer-lib.ts';

/** Pages drawn before and after the visible ones (spec section 9). */
export const BUFFER_PAGES = 3;

interface VisiblePages {
  first?: { id: number };
  last?: { id: number };
}
interface PageView {
  id: number;
  renderingState: number;
  destroy(): void;
}
interface RenderingQueue {
  getHighestPriority(
    visible: VisiblePages,
    views: PageView[],
    scrolledDown: boolean,
    ...rest: unknown[]
  ): PageView | null;
  isViewFinished(view: PageView): boolean;
}

/**
 * Keeps drawn exactly the visible pages and 3 before and after. pdf.js draws the visible pages and one
 * ahead, and keeps up to 10 drawn pages wherever they are; this extends its queue's choice to the buffer
 * (nearest first, in the direction of scrolling) and gives back the canvases of pages that leave it.
 * A page holds a canvas from the moment pdf.js starts drawing it, and one whose drawing was paused by
 * a scroll may never finish, so pages are tracked from their start, not their end.
 */
export class PageBuffer {
  private readonly drawn = new Set<number>();

  constructor(private readonly viewer: PDFViewer) {
    const queue = viewer.renderingQueue as RenderingQueue | undefined;
    if (!queue) return;
    const next = queue.getHighestPriority.bind(queue);
    queue.getHighestPriority = (visible, views, scrolledDown, ...rest) => {
      const view = next(visible, views, scrolledDown, ...rest);
      if (view || !visible.first || !visible.last) return view;
      for (let distance = 1; distance <= BUFFER_PAGES; distance++) {
        const ahead = visible.last.id + distance;
        const behind = visible.first.id - distance;
        for (const id of scrolledDown ? [ahead, behind] : [behind, ahead]) {
          const candidate = views[id - 1];
          if (candidate && !queue.isViewFinished(candidate)) return candidate;
        }
      }
      return null;
    };
  }

  /** Call when pdf.js starts drawing a page. */
  pageStarted(pageNumber: number) {
    this.drawn.add(pageNumber);
  }

  /** Call when pdf.js has drawn a page. */
  pageDrawn(pageNumber: number) {
    this.drawn.add(pageNumber);
    this.releaseFarPages();
  }

  /** Call when the view moves: pages outside the buffer give back their canvases. */
  releaseFarPages() {
    const visible = this.viewer._getVisiblePages() as VisiblePages;
    if (!visible.first || !visible.last) return;
    const [from, to] = [visible.first.id - BUFFER_PAGES, visible.last.id + BUFFER_PAGES];
    for (const id of this.drawn) {
      if (id >= from && id <= to) continue;
      const view = this.viewer.getPageView(id - 1) as PageView | undefined;
      if (view && view.renderingState !== RenderingStates.INITIAL) view.destroy();
      this.drawn.delete(id);
    }
  }
}
