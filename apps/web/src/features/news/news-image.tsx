/** An address the page may load an image from: this server's own paths, or the web. */
export function imageAddress(src: string): string | null {
  if (src.startsWith('/') && !src.startsWith('//')) return src;
  try {
    const url = new URL(src);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A 16:9 picture; without one, a plain panel of the same size keeps the layout steady. */
export function NewsImage({
  src,
  className = 'w-full',
  eager = false,
}: {
  src: string;
  className?: string;
  eager?: boolean;
}) {
  const address = imageAddress(src);
  const box = `aspect-video bg-slate-200 object-cover ${className}`;
  if (!address) {
    return (
      <span aria-hidden="true" className={`flex items-center justify-center text-slate-500 ${box}`}>
        <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.5">
          <path d="M4 5h13v14H6a2 2 0 0 1-2-2V5Z M17 9h3v8a2 2 0 0 1-2 2h-1 M7 9h7 M7 12h7 M7 15h4" />
        </svg>
      </span>
    );
  }
  return (
    <img
      src={address}
      alt=""
      width="480"
      height="270"
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={box}
    />
  );
}
