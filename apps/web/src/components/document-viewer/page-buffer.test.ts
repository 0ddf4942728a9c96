import { describe, expect, it, vi } from 'vitest';
import { BUFFER_PAGES, PageBuffer } from './page-buffer.ts';
import type { PDFViewer } from './pdf-viewer-lib.ts';

// pdf.js needs a real browser; only its rendering-state numbers matter here.
vi.mock('./pdf-viewer-lib.ts', () => ({ RenderingStates: { INITIAL: 0, RUNNING: 1, PAUSED: 2, FINISHED: 3 } }));
const [INITIAL, PAUSED, FINISHED] = [0, 2, 3];

/** A 40-page document whose view shows `first`..`last`, with a queue that, like pdf.js, offers only visible pages. */
function fakeViewer(first: number, last: number) {
  const views = Array.from({ length: 40 }, (_, i) => ({
    id: i + 1,
    renderingState: INITIAL,
    destroy: vi.fn(function (this: { renderingState: number }) {
      this.renderingState = INITIAL;
    }),
  }));
  const visible = { first: { id: first }, last: { id: last } };
  const queue = {
    getHighestPriority: (shown: typeof visible, _views: unknown, _scrolledDown: boolean) =>
      views.slice(shown.first.id - 1, shown.last.id).find((view) => view.renderingState !== FINISHED) ?? null,
    isViewFinished: (view: { renderingState: number }) => view.renderingState === FINISHED,
  };
  const viewer = {
    renderingQueue: queue,
    _getVisiblePages: () => visible,
    getPageView: (index: number) => views[index],
  };
  const scrollTo = (from: number, to: number) => Object.assign(visible, { first: { id: from }, last: { id: to } });
  const draw = (buffer: PageBuffer, id: number, state = FINISHED) => {
    views[id - 1]!.renderingState = state;
    buffer.pageStarted(id);
    if (state === FINISHED) buffer.pageDrawn(id);
  };
  return { viewer: viewer as unknown as PDFViewer, views, queue, visible, scrollTo, draw };
}

describe('PageBuffer', () => {
  it('asks pdf.js to draw the 3 pages after and before the view, nearest first and ahead first, once the view is drawn', () => {
    const { viewer, views, queue, visible, draw } = fakeViewer(10, 11);
    const buffer = new PageBuffer(viewer);
    const order: number[] = [];
    for (;;) {
      const next = queue.getHighestPriority(visible, views, true);
      if (!next) break;
      order.push(next.id);
      draw(buffer, next.id);
    }
    expect(order).toEqual([10, 11, 12, 9, 13, 8, 14, 7]);
    expect(views.filter((view) => view.renderingState === FINISHED)).toHaveLength(2 + 2 * BUFFER_PAGES);
  });

  it('gives back the canvases of pages that leave the buffer as the student scrolls', () => {
    const { viewer, views, scrollTo, draw } = fakeViewer(10, 10);
    const buffer = new PageBuffer(viewer);
    for (const id of [7, 8, 9, 10, 11, 12, 13]) draw(buffer, id);
    scrollTo(12, 12);
    buffer.releaseFarPages();
    expect(views[6]!.destroy).toHaveBeenCalled(); // page 7
    expect(views[7]!.destroy).toHaveBeenCalled(); // page 8
    for (const id of [9, 10, 11, 12, 13]) expect(views[id - 1]!.destroy).not.toHaveBeenCalled();
  });

  it('gives back the canvas of a page whose drawing was paused by the scroll and never finished', () => {
    const { viewer, views, scrollTo, draw } = fakeViewer(30, 30);
    const buffer = new PageBuffer(viewer);
    draw(buffer, 30);
    draw(buffer, 33, PAUSED);
    scrollTo(20, 20);
    buffer.releaseFarPages();
    expect(views[32]!.destroy).toHaveBeenCalledOnce();
    expect(views[29]!.destroy).toHaveBeenCalledOnce();
  });
});
