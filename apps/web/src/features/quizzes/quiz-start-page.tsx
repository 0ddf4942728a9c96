import type { QuizResult } from '@portal/contract';
import { useState } from 'react';
import { useParams } from 'wouter';
import { Page } from '../../components/layout/page.tsx';
import { QueryView } from '../../components/query-view.tsx';
import { numericParam } from '../../lib/route-params.ts';
import { useQuiz } from './api/get-quiz.ts';
import { QuizComplete } from './components/quiz-complete.tsx';
import { QuizForm } from './components/quiz-form.tsx';
import { t } from '../../i18n/language.ts';

export default function QuizStartPage() {
  const quizId = numericParam(useParams<{ quizId: string }>().quizId);
  const quiz = useQuiz(quizId);
  const [result, setResult] = useState<QuizResult | null>(null);
  return (
    <Page title={t('Quiz')} subtitle={quiz.data?.quiz.name}>
      {result && quiz.data ? (
        <QuizComplete result={result} chapterId={quiz.data.quiz.chapter_id} />
      ) : (
        <QueryView query={quiz} isEmpty={(detail) => detail.questions.length === 0}>
          {(detail) => <QuizForm detail={detail} onComplete={setResult} />}
        </QueryView>
      )}
    </Page>
  );
}
