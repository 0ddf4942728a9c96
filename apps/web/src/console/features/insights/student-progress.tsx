import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../../lib/date-time.ts';
import { QueryState } from '../../components/query-state.tsx';
import { ShareBar } from '../../components/share-bar.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { useStudentInsights, useStudentSearch } from './api/insights.ts';
import { Table } from '../../components/table-or-cards.tsx';
import { Section } from './parts.tsx';

/**
 * Finds a student by name or number, then shows what they watched and how their quizzes went; `linked` (a name
 * followed from a list) is shown at once, scrolled into view.
 */
export function StudentProgress({ linked }: { linked: number | null }) {
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState<number | null>(linked);
  const found = useStudentSearch(typed);
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (linked !== null) top.current?.scrollIntoView?.({ block: 'start' });
  }, [linked]);
  return (
    <div ref={top} className="space-y-3">
      <div className="space-y-1">
        <label htmlFor="insights-student" className="block font-medium">
          Find a student by name or number
        </label>
        <input
          id="insights-student"
          type="search"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className="w-full rounded-lg border border-slate-400 px-3 py-2"
        />
      </div>
      {found.data && found.data.length > 0 ? (
        <ul aria-label="Matching students" className="flex flex-wrap gap-2">
          {found.data.map((student) => (
            <li key={student.stud_id}>
              <button
                type="button"
                aria-pressed={chosen === student.stud_id}
                onClick={() => setChosen(student.stud_id)}
                className="rounded-full border border-slate-400 px-3 py-1 text-sm aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white"
              >
                {student.name}
              </button>
            </li>
          ))}
        </ul>
      ) : found.data ? (
        <p className="text-slate-600">No student matches “{typed}”.</p>
      ) : null}
      {chosen !== null ? <ChosenStudent studentId={chosen} /> : null}
    </div>
  );
}

function ChosenStudent({ studentId }: { studentId: number }) {
  const progress = useStudentInsights(studentId);
  const name = progress.data?.name ?? 'the student';
  return (
    <>
      <Section
        title={`What ${name} watched`}
        onExport={
          progress.data
            ? () =>
                downloadCsv(
                  `${name} watched.csv`,
                  ['Subject', 'Chapter', 'Topic', 'Seconds watched', 'Length in seconds', 'Last watched'],
                  progress.data.watched.map((row) => [
                    row.subject,
                    row.chapter,
                    row.topic,
                    Math.round(row.position_seconds),
                    row.duration_seconds ?? '',
                    row.watched_at,
                  ]),
                )
            : undefined
        }
      >
        <QueryState query={progress} isEmpty={(data) => data.watched.length === 0} empty="Nothing watched yet.">
          {(data) => (
            <Table
              caption={`Topics ${data.name} watched`}
              head={['Topic', 'How far', 'Last watched']}
              rows={data.watched.map((row, index) => ({
                key: index,
                cells: [
                  `${row.subject} · ${row.chapter} · ${row.topic}`,
                  row.duration_seconds ? (
                    <ShareBar key="p" value={Math.round(row.position_seconds)} of={Math.round(row.duration_seconds)} />
                  ) : (
                    `${Math.round(row.position_seconds)} s`
                  ),
                  formatDateTime(row.watched_at, 'dateTime'),
                ],
              }))}
            />
          )}
        </QueryState>
      </Section>
      <Section
        title={`Quizzes ${name} took`}
        onExport={
          progress.data
            ? () =>
                downloadCsv(
                  `${name} quizzes.csv`,
                  ['Quiz', 'Marks', 'Out of', 'Result', 'Taken'],
                  progress.data.attempts.map((row) => [
                    row.quiz,
                    row.marks,
                    row.max_marks,
                    row.result,
                    row.attended_on,
                  ]),
                )
            : undefined
        }
      >
        <QueryState query={progress} isEmpty={(data) => data.attempts.length === 0} empty="No quiz taken yet.">
          {(data) => (
            <Table
              caption={`Quiz attempts of ${data.name}`}
              head={['Quiz', 'Marks', 'Result', 'Taken']}
              rows={data.attempts.map((row, index) => ({
                key: index,
                cells: [
                  row.quiz,
                  `${row.marks}/${row.max_marks}`,
                  row.result,
                  formatDateTime(row.attended_on, 'dateTime'),
                ],
              }))}
            />
          )}
        </QueryState>
      </Section>
    </>
  );
}
