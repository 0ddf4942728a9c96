import type { QuizQuestion } from '@portal/contract';

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
    <fieldset className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {/* Floated so the legend lays out like a heading inside the box rather than on its border. */}
      <legend className="float-left mb-3 flex w-full items-start gap-3">
        <span className="flex-1 font-semibold">
          {number}. {question.question}
        </span>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-700">{question.marks} Marks</span>
      </legend>
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
            <span className="break-words">{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
