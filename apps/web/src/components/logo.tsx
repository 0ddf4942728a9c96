/**
 * The portal's mark (public/favicon.svg), drawn in the page. As an <img> an SVG gets a document of its own that
 * Chromium builds on the main thread, about 10 ms on a phone for 32 pixels, during start-up (docs/decisions/002).
 */
export function Logo({ size }: { size: number }) {
  return (
    <svg viewBox="0 0 32 32" width={size} height={size} aria-hidden="true" focusable="false" className="shrink-0">
      <rect width="32" height="32" rx="6" fill="#1d4ed8" />
      <path d="M6 12l10-5 10 5-10 5z" fill="#fff" />
      <path d="M10 15v5c0 2 3 3.5 6 3.5s6-1.5 6-3.5v-5l-6 3z" fill="#fff" fillOpacity=".8" />
    </svg>
  );
}
