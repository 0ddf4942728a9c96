import type { ReactNode } from 'react';

/** A titled part of the insights page, with its table's CSV export once there is data. */
export function Section({
  title,
  onExport,
  children,
}: {
  title: string;
  onExport: (() => void) | undefined;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {onExport ? (
          <button
            type="button"
            onClick={onExport}
            className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
          >
            Download CSV
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}
