import type { ReactNode } from 'react';

/** The way from a playing video back to its list (the browser's Back does the same). */
export function BackToList({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClose}
      className="self-start rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:border-blue-400"
    >
      <span aria-hidden="true">‹ </span>
      {children}
    </button>
  );
}
