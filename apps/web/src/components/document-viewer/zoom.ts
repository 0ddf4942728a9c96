/** Zoom limits of the spec (section 9): 0.1 to 10 times the page's natural size. */
export const MIN_ZOOM = 0.1;
export const MAX_ZOOM = 10;

export const clampZoom = (scale: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, scale));

/** The next step of the zoom buttons: 10 % at a time, rounded to a tenth like pdf.js's own viewer. */
export function stepZoom(scale: number, direction: 1 | -1): number {
  // In tenths, with float noise removed (1 * 1.1 * 10 is 11.000000000000002).
  const tenths = Math.round((direction > 0 ? scale * 1.1 : scale / 1.1) * 10 * 1e6) / 1e6;
  return clampZoom((direction > 0 ? Math.ceil(tenths) : Math.floor(tenths)) / 10);
}
