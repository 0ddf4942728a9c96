import { useParams } from 'wouter';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useQuizReport } from './api/get-quiz-report.ts';
import { ReportQuestionView } from './components/report-question.tsx';
import { isFail } from './components/result-badge.tsx';
import { formatDayAndTime } from './format-date.ts';
import { t, translateMessage } from '../../i18n/language.ts';

/** /report-preview/{id}: the route's parameter is the attempt id from the chapter's reports. */
export default function ReportPreviewPage() {
  const attemptId = numericParam(useParams<{ attemptId: string }>().attemptId);
  const report = useQuizReport(attemptId);
  return (
    <Page title={t('Quiz Result')} subtitle={report.data?.quiz_name}>
      <QueryView query={report} isEmpty={(data) => data.report.length === 0}>
        {(data) => (
          <div className="mx-auto flex max-w-3xl flex-col gap-4">
            <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
              <h2 className="text-xl font-semibold">{data.quiz_name}</h2>
              <p className="text-lg font-medium">
                {t('Total Marks Gained : {marks}', { marks: data.analytics.total_marks_gained })}
              </p>
              <p className="text-sm text-slate-600">
                <span className={`font-semibold ${isFail(data.analytics.result) ? 'text-red-700' : 'text-green-700'}`}>
                  {translateMessage(data.analytics.result)}
                </span>{' '}
                · {data.analytics.total_marks_gained}/{data.analytics.max_marks} · {t('Attended on')}{' '}
                <time dateTime={data.attend_on}>{formatDayAndTime(data.attend_on)}</time>
              </p>
            </div>
            <ol aria-label={t('Questions')} className="flex flex-col gap-4">
              {data.report.map((item, index) => (
                <li key={item.question_id}>
                  <ReportQuestionView number={index + 1} item={item} />
                </li>
              ))}
            </ol>
          </div>
        )}
      </QueryView>
    </Page>
  );
}
