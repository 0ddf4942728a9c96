import type { QuizSummary } from '@portal/contract/console';
import { useState } from 'react';
import { Loader } from '../../../components/status-views.tsx';
import { useAuthoredQuiz, useChapterQuizzes, useQuizActions } from './api/quizzes.ts';
import { dangerButton, deleteAskingFirst, smallButton } from './item-actions.tsx';
import { QuizEditor } from './quiz-editor.tsx';

/** A chapter's quizzes: write a new one, edit one (opening its questions), delete one (asking first when taken). */
export function QuizList({ chapterId, chapterName }: { chapterId: number; chapterName: string }) {
  const quizzes = useChapterQuizzes(chapterId);
  // null: the list; 'new': a new quiz; a number: that quiz open in the editor.
  const [editing, setEditing] = useState<'new' | number | null>(null);
  return (
    <div className="space-y-3">
      <h4 className="font-medium">Quizzes</h4>
      {quizzes.isPending ? <Loader /> : null}
      {quizzes.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {quizzes.error.message}{' '}
          <button type="button" onClick={() => void quizzes.refetch()} className="underline">
            Try again
          </button>
        </p>
      ) : null}
      {quizzes.data?.length === 0 ? <p className="text-sm text-slate-600">No quizzes yet.</p> : null}
      {quizzes.data?.length ? (
        <ul aria-label={`Quizzes of ${chapterName}`} className="divide-y divide-slate-200">
          {quizzes.data.map((quiz) => (
            <QuizRow key={quiz.id} quiz={quiz} onEdit={() => setEditing(quiz.id)} />
          ))}
        </ul>
      ) : null}
      {editing === 'new' ? (
        <QuizEditor chapterId={chapterId} quiz={null} onDone={() => setEditing(null)} />
      ) : typeof editing === 'number' ? (
        <OpenQuiz chapterId={chapterId} quizId={editing} onDone={() => setEditing(null)} />
      ) : (
        <button type="button" onClick={() => setEditing('new')} className={smallButton}>
          Write a quiz
        </button>
      )}
    </div>
  );
}

function OpenQuiz({ chapterId, quizId, onDone }: { chapterId: number; quizId: number; onDone: () => void }) {
  const quiz = useAuthoredQuiz(quizId);
  if (quiz.isPending) return <Loader />;
  if (quiz.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {quiz.error.message}
      </p>
    );
  }
  return <QuizEditor key={quizId} chapterId={chapterId} quiz={quiz.data} onDone={onDone} />;
}

function QuizRow({ quiz, onEdit }: { quiz: QuizSummary; onEdit: () => void }) {
  const { remove } = useQuizActions();
  const drop = async () => {
    if (quiz.attempts === 0 && !window.confirm(`Delete ${quiz.name}?`)) return;
    await deleteAskingFirst((confirm) => remove.mutateAsync({ id: quiz.id, ...(confirm ? { confirm } : {}) }));
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium">{quiz.name}</p>
        <p className="text-sm text-slate-700">
          {quiz.questions} {quiz.questions === 1 ? 'question' : 'questions'} · pass mark {quiz.pass_marks} ·{' '}
          {quiz.attempts} {quiz.attempts === 1 ? 'attempt' : 'attempts'}
          {quiz.allow_retake ? '' : ' · one try only'}
        </p>
      </div>
      <div className="flex gap-2">
        <button type="button" onClick={onEdit} aria-label={`Edit ${quiz.name}`} className={smallButton}>
          Edit
        </button>
        <button
          type="button"
          disabled={remove.isPending}
          onClick={() => void drop()}
          aria-label={`Delete ${quiz.name}`}
          className={dangerButton}
        >
          Delete
        </button>
      </div>
    </li>
  );
}
