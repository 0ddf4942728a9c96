import type { QuizQuestion } from '@portal/contract';
import { QuestionFrame } from './question-frame.tsx';

/** One question as a radio group: arrow keys move between its options, and a new choice replaces the old one. */
export function QuestionFieldset({
  number,
  question,
  answer,
  onChoose,
}: {
  number: number;
  question: QuizQuestion;
  answer: string | undefined;
  onChoose: (answer: string) => void;
}) {
  return (
    <QuestionFrame number={number} question={question.question} marks={question.marks}>
      <div className="clear-both flex flex-col gap-2">
        {question.options.map((option) => (
          <label
            key={option}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:border-blue-400 has-[:checked]:border-blue-700 has-[:checked]:bg-blue-50"
          >
            <input
              type="radio"
              name={`question-${question.question_id}`}
              value={option}
              checked={answer === option}
              onChange={() => onChoose(option)}
              className="size-4 shrink-0 accent-blue-700"
            />
            <span className="min-w-0 wrap-anywhere">{option}</span>
          </label>
        ))}
      </div>
    </QuestionFrame>
  );
}
