import { ShareBar } from '../../components/share-bar.tsx';
import { downloadCsv } from '../../lib/csv.ts';
import { useQuizInsights } from './api/insights.ts';
import { QueryState } from '../../components/query-state.tsx';
import { Table } from '../../components/table-or-cards.tsx';
import { Section } from './parts.tsx';

/**
 * A quiz's results in students (each judged by their best attempt): how many attempted, passed, and their average
 * best score; then its questions most often answered wrong first.
 */
export function QuizResults({ quizId, quizName }: { quizId: number; quizName: string }) {
  const results = useQuizInsights(quizId);
  return (
    <Section
      title={`Results of ${quizName}`}
      onExport={
        results.data
          ? () =>
              downloadCsv(
                `${quizName} questions.csv`,
                ['Question', 'Answered', 'Wrong'],
                results.data.questions.map((row) => [row.question, row.answered, row.wrong]),
              )
          : undefined
      }
    >
      <QueryState query={results} isEmpty={(data) => data.attempts === 0} empty="Nobody has taken this quiz yet.">
        {(data) => (
          <>
            <dl className="grid grid-cols-1 gap-3 text-center sm:grid-cols-3">
              {[
                [
                  'Students attempted',
                  `${data.students}${data.attempts > data.students ? ` (${data.attempts} attempts)` : ''}`,
                ],
                ['Average score (best attempts)', `${data.average_percent}%`],
                ['Passed', `${data.passed} (${data.pass_percent}%)`],
              ].map(([label, value]) => (
                <div key={label} className="rounded-lg bg-slate-50 p-3">
                  <dt className="text-sm text-slate-600">{label}</dt>
                  <dd className="text-xl font-semibold tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
            <Table
              caption="Questions, most often answered wrong first"
              head={['Question', 'Answered wrong']}
              rows={data.questions.map((row) => ({
                key: row.question_id,
                cells: [row.question, <ShareBar key="w" value={row.wrong} of={row.answered} tone="red" />],
              }))}
            />
          </>
        )}
      </QueryState>
    </Section>
  );
}
