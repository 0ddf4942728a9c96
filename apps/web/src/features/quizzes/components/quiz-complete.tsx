import type { QuizResult } from '@portal/contract';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { ResultIcon } from './result-badge.tsx';
import { t } from '../../../i18n/language.ts';

const linkClass = 'inline-flex min-h-11 items-center justify-center rounded-lg px-4 font-semibold';

/** The quiz complete screen (spec section 2): the server's message, a pass or fail icon and the score. */
export function QuizComplete({ result, chapterId }: { result: QuizResult; chapterId: number }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the student was in is gone; move focus to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="mx-auto flex max-w-md flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <ResultIcon result={result.result} />
      <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold">
        {result.message}
      </h2>
      <p className="text-lg">{t('Score: {score}', { score: result.score_text })}</p>
      <div className="flex w-full flex-col gap-2 sm:flex-row sm:justify-center">
        <Link
          href={`/report-preview/${result.attempt_id}`}
          className={`${linkClass} bg-blue-700 text-white hover:bg-blue-800`}
        >
          {t('Review answers')}
        </Link>
        <Link href={`/quiz-list/${chapterId}`} className={`${linkClass} border border-slate-300 hover:border-blue-400`}>
          {t('Back to quizzes')}
        </Link>
      </div>
    </section>
  );
}
