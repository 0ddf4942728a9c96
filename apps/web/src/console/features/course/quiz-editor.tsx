import type { AuthoredQuiz } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { QuestionFieldset } from '../../../components/quiz-question/question-fieldset.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useQuizActions } from './api/quizzes.ts';
import { smallButton } from './item-actions.tsx';
import { type QuestionDraft, QuestionEditor } from './question-editor.tsx';

let nextKey = 1;
const blankQuestion = (): QuestionDraft => ({ key: nextKey++, question: '', options: ['', ''], answer: 0, marks: '1' });
const draftOf = (quiz: AuthoredQuiz): QuestionDraft[] =>
  quiz.questions.map((question) => ({
    key: nextKey++,
    id: question.id,
    question: question.question,
    options: question.options,
    answer: question.answer,
    marks: String(question.marks),
  }));

/** A server refusal about a question ("questions.2.answer: …") said the way the form numbers them. */
const readable = (message: string) =>
  message.replace(/questions\.(\d+)\.(\w+)(\.\d+)?: /g, (_, index: string) => `Question ${Number(index) + 1}: `);

/** Writes a whole quiz: its name, pass mark, retake rule and questions; a preview shows it as a student will see it. */
export function QuizEditor({
  chapterId,
  quiz,
  onDone,
}: {
  chapterId: number;
  quiz: AuthoredQuiz | null;
  onDone: () => void;
}) {
  const { save } = useQuizActions();
  const [name, setName] = useState(quiz?.name ?? '');
  const [passMarks, setPassMarks] = useState(String(quiz?.pass_marks ?? 1));
  const [retake, setRetake] = useState(quiz?.allow_retake ?? true);
  const [questions, setQuestions] = useState<QuestionDraft[]>(quiz ? draftOf(quiz) : [blankQuestion()]);
  const [preview, setPreview] = useState(false);
  const [problem, setProblem] = useState('');
  const total = questions.reduce((sum, q) => sum + (Number(q.marks) || 0), 0);

  const change = (index: number, draft: QuestionDraft) =>
    setQuestions(questions.map((q, i) => (i === index ? draft : q)));
  const move = (index: number, by: -1 | 1) => {
    const to = index + by;
    if (to < 0 || to >= questions.length) return;
    const next = [...questions];
    [next[index], next[to]] = [next[to]!, next[index]!];
    setQuestions(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    const unanswered = questions.findIndex((q) => q.answer === 0);
    if (unanswered >= 0) {
      setProblem(`Question ${unanswered + 1}: choose its right answer.`);
      return;
    }
    try {
      const answer = await save.mutateAsync({
        ...(quiz ? { id: quiz.id } : { chapter_id: chapterId }),
        name,
        pass_marks: Number(passMarks),
        allow_retake: retake,
        questions: questions.map((q) => ({
          ...(q.id ? { id: q.id } : {}),
          question: q.question,
          options: q.options,
          answer: q.answer,
          marks: Number(q.marks),
        })),
      });
      toast.success(answer.message);
      onDone();
    } catch (error) {
      setProblem(readable(error instanceof Error ? error.message : String(error)));
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={quiz ? `Edit ${quiz.name}` : 'New quiz'}
      className="space-y-4 rounded-md border border-slate-300 bg-slate-50 p-3"
    >
      {quiz && quiz.attempts > 0 ? (
        <p className="rounded-md bg-amber-50 p-2 text-sm text-amber-900">
          {quiz.attempts} {quiz.attempts === 1 ? 'attempt has' : 'attempts have'} been made. Your changes apply to new
          attempts; earlier reports keep the questions as they were.
        </p>
      ) : null}
      <TextField id={`quiz-${quiz?.id ?? 'new'}-name`} label="Quiz name" value={name} onChange={setName} />
      <div className="flex flex-wrap items-end gap-4">
        <div>
          <label htmlFor={`quiz-${quiz?.id ?? 'new'}-pass`} className="block font-medium">
            Pass mark (of {total})
          </label>
          <input
            id={`quiz-${quiz?.id ?? 'new'}-pass`}
            type="number"
            min={0}
            value={passMarks}
            onChange={(event) => setPassMarks(event.target.value)}
            className="w-24 rounded-lg border border-slate-400 px-3 py-2"
          />
        </div>
        <label className="flex items-center gap-2 pb-2">
          <input
            type="checkbox"
            checked={retake}
            onChange={(event) => setRetake(event.target.checked)}
            className="size-4"
          />{' '}
          Students may take it again
        </label>
      </div>
      {questions.map((draft, index) => (
        <QuestionEditor
          key={draft.key}
          number={index + 1}
          draft={draft}
          onChange={(next) => change(index, next)}
          onMove={(by) => move(index, by)}
          onRemove={() => setQuestions(questions.filter((_, i) => i !== index))}
        />
      ))}
      <button type="button" onClick={() => setQuestions([...questions, blankQuestion()])} className={smallButton}>
        Add a question
      </button>
      <div>
        <button type="button" aria-expanded={preview} onClick={() => setPreview(!preview)} className={smallButton}>
          {preview ? 'Hide the preview' : 'Preview as a student'}
        </button>
      </div>
      {preview ? <QuizPreview questions={questions} /> : null}
      <p role="alert" className="min-h-5 text-sm text-red-700">
        {problem}
      </p>
      <div className="flex gap-2">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700 disabled:opacity-60"
        >
          Save quiz
        </button>
        <button
          type="button"
          onClick={onDone}
          className="px-2 py-1.5 text-sm text-blue-800 underline underline-offset-2"
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The questions drawn by the student app's own component, to try choosing answers (nothing is sent). */
function QuizPreview({ questions }: { questions: QuestionDraft[] }) {
  const [chosen, setChosen] = useState<Record<number, string>>({});
  return (
    <section
      aria-label="How students will see it"
      className="space-y-3 rounded-lg border border-dashed border-slate-400 bg-white p-3"
    >
      {questions.map((draft, index) => (
        <QuestionFieldset
          key={draft.key}
          number={index + 1}
          question={{
            question_id: draft.key,
            question: draft.question,
            options: draft.options.filter(Boolean),
            marks: Number(draft.marks) || 0,
          }}
          answer={chosen[draft.key]}
          onChoose={(answer) => setChosen({ ...chosen, [draft.key]: answer })}
        />
      ))}
    </section>
  );
}
