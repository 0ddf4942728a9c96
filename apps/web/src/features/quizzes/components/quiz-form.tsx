import type { QuizDetail, QuizResult } from '@portal/contract';
import { useEffect, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useStudentId } from '../../../lib/session-store.ts';
import { useQuizDraft } from '../answers-store.ts';
import { quizSubmissionBody, useSubmitQuiz } from '../api/submit-quiz.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { dequeue, enqueue, sendByScreen } from '../../../lib/offline-queue.ts';
import { toSubmission } from '../submission.ts';
import { QuestionFieldset } from '../../../components/quiz-question/question-fieldset.tsx';
import { t } from '../../../i18n/language.ts';

/** The questions, the answers chosen so far (kept across reloads) and Submit. */
export function QuizForm({ detail, onComplete }: { detail: QuizDetail; onComplete: (result: QuizResult) => void }) {
  const { quiz, questions } = detail;
  const studentId = useStudentId();
  const draft = useQuizDraft(studentId, quiz.id);
  const submit = useSubmitQuiz(quiz.id, quiz.chapter_id);
  const answered = toSubmission(questions, draft.answers);
  // Submit was pressed without a connection: the answers are kept and go when the connection is back.
  const [waitingForConnection, setWaitingForConnection] = useState(false);
  const { start } = draft;
  useEffect(start, [start]);
  const queued = {
    kind: 'submit-quiz' as const,
    body: quizSubmissionBody(studentId, quiz.id, answered, draft.submissionId),
  };
  // Also queued on the device, so the answers are sent (once: same submission id) even if the student leaves
  // this screen or closes the app before the connection is back (app/use-offline-queue.ts).
  const waitForConnection = () => {
    enqueue(queued);
    setWaitingForConnection(true);
  };

  const send = () => {
    if (submit.isPending) return;
    if (!navigator.onLine) {
      waitForConnection();
      return;
    }
    setWaitingForConnection(false);
    // In flight from this screen now: the queue must not send it as well (a failure queues it again).
    dequeue(queued);
    submit.mutate(
      { answers: answered, submissionId: draft.submissionId },
      {
        onSuccess: (response) => {
          if (!response.status) {
            toast.error(response.message);
            return;
          }
          draft.clear();
          // The heading below says the result in words; the toast only confirms, in the result's colour.
          if (response.data.result === 'pass') toast.success(t('Quiz submitted.'));
          else toast.error(t('Quiz submitted.'), { duration: 2000 });
          onComplete(response.data);
        },
        // The answers stay saved; a lost connection submits them again (same submission id) once it is back.
        // An ended session says why on the login screen instead.
        onError: (error) => {
          if (error instanceof ApiError && error.status === 0) waitForConnection();
          else if (!(error instanceof ApiError && error.signedOut)) toast.error(error.message);
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };
  useEffect(() => {
    if (!waitingForConnection) return;
    window.addEventListener('online', send);
    return () => window.removeEventListener('online', send);
  });
  // While shown, this screen sends the answers itself (to show the result); the queue takes over when it goes.
  useEffect(() => {
    if (!waitingForConnection) return;
    return sendByScreen({ kind: 'submit-quiz', body: quizSubmissionBody(studentId, quiz.id, []) });
  }, [waitingForConnection, studentId, quiz.id]);

  return (
    <form onSubmit={onSubmit} className="mx-auto flex max-w-3xl flex-col gap-4" aria-labelledby="quiz-name">
      <div>
        <h2 id="quiz-name" className="text-xl font-semibold">
          {quiz.name}
        </h2>
        <p className="font-medium text-slate-700">{t('Total Marks : {marks}', { marks: quiz.max_marks })}</p>
      </div>
      {quiz.attempted && !quiz.allow_retake ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
          {t(
            "You have already taken this quiz, and it can be taken only once. Your result is in the chapter's reports.",
          )}
        </p>
      ) : null}
      <ol className="flex flex-col gap-4">
        {questions.map((question, index) => (
          <li key={question.question_id}>
            <QuestionFieldset
              number={index + 1}
              question={question}
              answer={draft.answers[question.question_id]}
              onChoose={(answer) => draft.choose(question.question_id, answer)}
            />
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {t('{answered} of {total} answered', { answered: answered.length, total: questions.length })}
          {submit.isPending ? ` · ${t('Submitting...')}` : ''}
        </p>
        {waitingForConnection ? (
          <p role="status" className="w-full rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm">
            {t(
              'You are offline. Your answers are saved on this device and will be submitted when the connection is back.',
            )}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={submit.isPending}
          className="min-h-11 rounded-lg bg-blue-700 px-6 font-semibold text-white hover:bg-blue-800 disabled:cursor-wait disabled:opacity-60"
        >
          {t('Submit')}
        </button>
      </div>
    </form>
  );
}
