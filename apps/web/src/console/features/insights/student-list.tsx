import { type ReactNode, useState } from 'react';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/date-time.ts';
import { SelectField } from '../../components/select-field.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { Table } from '../../components/table-or-cards.tsx';

/** A student as every by-name list names them; `extra` are the list's own columns, shown and exported. */
export interface ListedStudent {
  stud_id: number;
  name: string;
  mobile: string;
  last_activity: string | null;
}

/** A list's own column: on screen and in its CSV, or (without `cell`) in the CSV only. */
export interface ExtraColumn<Row> {
  head: string;
  cell?: (row: Row) => ReactNode;
  csv: (row: Row) => string | number;
}

type Sort = 'name' | 'oldest' | 'newest' | 'least' | 'most';

/** Where a name leads: the insights page opened on that student's whole progress. */
export const progressHref = (studentId: number) => `/insights?student=${studentId}`;

/** The console's compose page for these students (features/messages reads `students` and `source`). */
const messageHref = (rows: ListedStudent[], source: string) =>
  `/messages/new?${new URLSearchParams({ students: rows.map((row) => row.stud_id).join(','), source }).toString()}`;

/**
 * Newest activity first, or oldest (never active first); or least progress first, or most; then by name, as the
 * server sends them (the sort is stable).
 */
function sorted<Row extends ListedStudent>(rows: Row[], sort: Sort, progress?: (row: Row) => number) {
  if (sort === 'name') return rows;
  if (sort === 'least' || sort === 'most') {
    const done = progress ?? (() => 0);
    return [...rows].sort((a, b) => (sort === 'least' ? done(a) - done(b) : done(b) - done(a)));
  }
  const time = (row: Row) => (row.last_activity ? Date.parse(row.last_activity) : 0);
  return [...rows].sort((a, b) => (sort === 'oldest' ? time(a) - time(b) : time(b) - time(a)));
}

/**
 * A list of students by name, each linking to their progress, with a text filter, a sort by name, last activity or
 * (given `progress`, how much of the thing a student has done) progress, and its CSV (of the rows shown). The server
 * sends the first 500 by name and the total; past that, this says so.
 */
export function StudentList<Row extends ListedStudent>({
  id,
  caption,
  fileName,
  total,
  rows,
  extra,
  progress,
}: {
  id: string;
  caption: string;
  fileName: string;
  total: number;
  rows: Row[];
  extra: ExtraColumn<Row>[];
  progress?: (row: Row) => number;
}) {
  const [filter, setFilter] = useState('');
  const [sort, setSort] = useState<Sort>('name');
  const words = filter.trim().toLowerCase();
  const shown = sorted(
    rows.filter((row) => !words || row.name.toLowerCase().includes(words) || row.mobile.includes(words)),
    sort,
    progress,
  );
  const onScreen = extra.filter((column) => column.cell);
  const lastActivity = (row: Row) => (row.last_activity ? formatDateTime(row.last_activity, 'dateTime') : 'Never');
  return (
    <div className="space-y-3">
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[1fr_auto_auto_auto]">
        <div className="space-y-1">
          <label htmlFor={`${id}-filter`} className="block font-medium">
            Filter by name or number
          </label>
          <input
            id={`${id}-filter`}
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            className="w-full rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
        <SelectField id={`${id}-sort`} label="Sort by" value={sort} onChange={(value) => setSort(value as Sort)}>
          <option value="name">Name</option>
          <option value="oldest">Last activity, longest ago first</option>
          <option value="newest">Last activity, most recent first</option>
          {progress ? (
            <>
              <option value="least">Progress, least first</option>
              <option value="most">Progress, most first</option>
            </>
          ) : null}
        </SelectField>
        <button
          type="button"
          onClick={() =>
            downloadCsv(
              fileName,
              ['Name', 'Mobile', 'Last activity', ...extra.map((column) => column.head)],
              shown.map((row) => [
                row.name,
                row.mobile,
                row.last_activity ?? '',
                ...extra.map((column) => column.csv(row)),
              ]),
            )
          }
          className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium hover:bg-slate-100"
        >
          Download CSV
        </button>
        {shown.length > 0 ? (
          <Link
            href={messageHref(shown, caption)}
            className="rounded-md border border-slate-400 px-3 py-2 text-center text-sm font-medium hover:bg-slate-100"
          >
            Message these students
          </Link>
        ) : null}
      </div>
      <p className="text-slate-700" aria-live="polite">
        {total > rows.length
          ? `${total} students; the first ${rows.length} by name are listed. Choose a batch to see fewer.`
          : `${total} ${total === 1 ? 'student' : 'students'}${shown.length < rows.length ? `, ${shown.length} shown` : ''}.`}
      </p>
      <Table
        caption={caption}
        head={['Name', 'Mobile', 'Last activity', ...onScreen.map((column) => column.head)]}
        rows={shown.map((row) => ({
          key: row.stud_id,
          cells: [
            <Link key="n" href={progressHref(row.stud_id)} className="font-medium text-blue-800 underline">
              {row.name}
            </Link>,
            row.mobile,
            lastActivity(row),
            ...onScreen.map((column) => column.cell!(row)),
          ],
        }))}
      />
    </div>
  );
}
