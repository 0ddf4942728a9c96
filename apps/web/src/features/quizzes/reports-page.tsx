import type { QuizAttempt } from '@portal/contract';
import { useParams } from 'wouter';
import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useQuizHistory } from './api/get-quiz-history.ts';
import { formatDay, formatDayAndTime } from './format-date.ts';
import { t, translateMessage } from '../../i18n/language.ts';

export default function ReportsPage() {
  const chapterId = numericParam(useParams<{ chapterId: string }>().chapterId);
  const history = useQuizHistory(chapterId);
  return (
    <Page title={t('Quiz')} subtitle={t('View a report')}>
      <QueryView query={history}>
        {(attempts) => (
          <CardGrid
            label={t('Reports')}
            items={attempts.map((attempt) => ({
              key: attempt.id,
              title: attempt.name,
              details: <AttemptDetails attempt={attempt} />,
              href: `/report-preview/${attempt.id}`,
            }))}
          />
        )}
      </QueryView>
    </Page>
  );
}

function AttemptDetails({ attempt }: { attempt: QuizAttempt }) {
  const resultText = `${translateMessage(attempt.result)} - ${attempt.marks}/${attempt.max_marks}`;
  // Green unless the result says fail (spec section 2); the words themselves carry the meaning too.
  const failed = /fail/i.test(attempt.result);
  return (
    <>
      <span className="text-sm text-slate-600">
        {t('Created on')} <time dateTime={attempt.added_on}>{formatDay(attempt.added_on)}</time>
      </span>
      <span className="text-sm text-slate-600">
        {t('Attended on')} <time dateTime={attempt.attend_on}>{formatDayAndTime(attempt.attend_on)}</time>
      </span>
      <span className={`font-semibold ${failed ? 'text-red-700' : 'text-green-700'}`}>{resultText}</span>
    </>
  );
}
