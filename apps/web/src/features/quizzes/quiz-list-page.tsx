import { Link, useParams } from 'wouter';
import { CardGrid } from '../../components/card-grid.tsx';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useChapterQuizzes } from './api/get-quizzes-by-chapter.ts';
import { formatDay } from './format-date.ts';
import { t } from '../../i18n/language.ts';

export default function QuizListPage() {
  const chapterId = numericParam(useParams<{ chapterId: string }>().chapterId);
  const quizzes = useChapterQuizzes(chapterId);
  return (
    <Page title={t('Quiz')} subtitle={t('Choose a Quiz')}>
      <div className="mb-5 flex justify-end">
        <Link
          href={`/reports/${chapterId}`}
          className="inline-flex min-h-11 items-center rounded-lg bg-blue-700 px-4 font-semibold text-white hover:bg-blue-800"
        >
          {t('View Reports')}
        </Link>
      </div>
      <QueryView query={quizzes}>
        {(list) => (
          <CardGrid
            label={t('Quizzes')}
            items={list.map((quiz) => ({
              key: quiz.id,
              title: quiz.name,
              details: (
                <span className="text-sm text-slate-600">
                  {t('Quiz created on')} <time dateTime={quiz.added_on}>{formatDay(quiz.added_on)}</time>
                </span>
              ),
              href: `/quiz-start/${quiz.id}`,
            }))}
          />
        )}
      </QueryView>
    </Page>
  );
}
