import type { ImportLine } from '@portal/contract/console';
import { useState } from 'react';
import { Table } from '../../components/table-or-cards.tsx';

const statusText: Record<ImportLine['status'], string> = {
  new: 'New',
  updated: 'Updated',
  unchanged: 'Unchanged',
  error: 'Error',
};
const statusStyle: Record<ImportLine['status'], string> = {
  new: 'bg-green-100 text-green-900',
  updated: 'bg-blue-100 text-blue-900',
  unchanged: 'bg-slate-100 text-slate-800',
  error: 'bg-red-100 text-red-900',
};

export interface ImportCounts {
  new: number;
  updated: number;
  unchanged: number;
  error: number;
}

/** Every line of the file with what committing would do to it; errors first to hand, filterable. */
export function ImportPreview({
  lines,
  counts,
  ignoredColumns = [],
}: {
  lines: ImportLine[];
  counts: ImportCounts;
  ignoredColumns?: string[];
}) {
  const [show, setShow] = useState<'all' | ImportLine['status']>(counts.error ? 'error' : 'all');
  const shown = show === 'all' ? lines : lines.filter((l) => l.status === show);
  const visible = shown.slice(0, 500);
  return (
    <section aria-labelledby="preview-heading" className="space-y-3">
      <h2 id="preview-heading" className="text-lg font-semibold">
        Preview
      </h2>
      <p>
        {counts.new} new, {counts.updated} updated, {counts.unchanged} unchanged, {counts.error} with{' '}
        {counts.error === 1 ? 'an error' : 'errors'}.
      </p>
      {ignoredColumns.length ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          Not imported: {ignoredColumns.join(', ')}. The portal does not keep these columns; the rest of each line is
          read.
        </p>
      ) : null}
      <div role="group" aria-label="Show lines" className="flex flex-wrap gap-2">
        {(['all', 'error', 'new', 'updated', 'unchanged'] as const).map((status) => (
          <button
            key={status}
            type="button"
            aria-pressed={show === status}
            onClick={() => setShow(status)}
            className={`rounded-full border px-3 py-1 text-sm font-medium ${show === status ? 'border-slate-900 bg-slate-900 text-white' : 'border-slate-400 bg-white'}`}
          >
            {status === 'all' ? `All (${lines.length})` : `${statusText[status]} (${counts[status]})`}
          </button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-center text-slate-600">
          No lines of this kind.
        </p>
      ) : (
        <Table
          caption="Lines of the file and what the import does with each"
          head={['Line', 'Result', 'Name', 'Mobile', 'Details']}
          rows={visible.map((line) => ({
            key: line.line,
            cells: [
              <span key="line" className="tabular-nums">
                {line.line}
              </span>,
              <span key="result" className={`rounded px-2 py-0.5 font-medium ${statusStyle[line.status]}`}>
                {statusText[line.status]}
              </span>,
              line.name,
              <span key="mobile" className="tabular-nums">
                {line.mobile}
              </span>,
              line.problems.length > 1 ? (
                <ul key="details" className="list-inside list-disc space-y-1">
                  {line.problems.map((problem, i) => (
                    <li key={`${i} ${problem}`}>{problem}</li>
                  ))}
                </ul>
              ) : (
                line.message
              ),
            ],
          }))}
        />
      )}
      {shown.length > visible.length ? (
        <p className="text-sm text-slate-600">The first 500 of {shown.length} lines are shown.</p>
      ) : null}
    </section>
  );
}
