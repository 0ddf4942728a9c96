/** A point in client (viewport) coordinates. */
export type Origin = [number, number];

const distance = (touches: TouchList) => {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY) : 0;
};
const middle = (touches: TouchList): Origin => {
  const [a, b] = [touches[0], touches[1]];
  return a && b ? [(a.clientX + b.clientX) / 2, (a.clientY + b.clientY) / 2] : [0, 0];
};

/**
 * Ctrl + wheel (and a trackpad pinch, which browsers report as one) and a two-finger pinch zoom the
 * document around the pointer, instead of zooming the whole page.
 */
export function attachZoomGestures(
  container: HTMLElement,
  zoomBy: (factor: number, origin: Origin) => void,
  signal: AbortSignal,
) {
  container.style.touchAction = 'pan-x pan-y';
  container.addEventListener(
    'wheel',
    (event) => {
      if (!event.ctrlKey && !event.metaKey) return;
      event.preventDefault();
      const pixels = event.deltaMode === WheelEvent.DOM_DELTA_LINE ? event.deltaY * 16 : event.deltaY;
      const factor = Math.min(1.25, Math.max(0.8, Math.exp(-pixels / 200)));
      zoomBy(factor, [event.clientX, event.clientY]);
    },
    { passive: false, signal },
  );

  let last = 0;
  container.addEventListener(
    'touchstart',
    (event) => {
      if (event.touches.length === 2) last = distance(event.touches);
    },
    { passive: true, signal },
  );
  container.addEventListener(
    'touchmove',
    (event) => {
      if (event.touches.length !== 2 || last === 0) return;
      event.preventDefault();
      const now = distance(event.touches);
      if (now > 0 && Math.abs(now - last) > 2) {
        zoomBy(now / last, middle(event.touches));
        last = now;
      }
    },
    { passive: false, signal },
  );
  const end = (event: TouchEvent) => {
    if (event.touches.length < 2) last = 0;
  };
  container.addEventListener('touchend', end, { passive: true, signal });
  container.addEventListener('touchcancel', end, { passive: true, signal });
}
