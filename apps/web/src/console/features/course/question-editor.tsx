import { dangerButton, smallButton } from './item-actions.tsx';

export interface QuestionDraft {
  /** A key for React; `id` is the stored question's, absent for a new one. */
  key: number;
  id?: number | undefined;
  question: string;
  options: string[];
  /** The place of the right option, from 1; 0 until one is chosen. */
  answer: number;
  marks: string;
}

const MAX_OPTIONS = 8;

interface QuestionEditorProps {
  number: number;
  draft: QuestionDraft;
  onChange: (draft: QuestionDraft) => void;
  onMove: (direction: -1 | 1) => void;
  onRemove: () => void;
}

/** One question: its text, its options with the right one chosen by a radio beside it, its marks. */
export function QuestionEditor({ number, draft, onChange, onMove, onRemove }: QuestionEditorProps) {
  const id = `question-${draft.key}`;
  const setOption = (index: number, value: string) =>
    onChange({ ...draft, options: draft.options.map((option, i) => (i === index ? value : option)) });
  const removeOption = (index: number) =>
    onChange({
      ...draft,
      options: draft.options.filter((_, i) => i !== index),
      // The right answer keeps pointing at the same option, or at none when that one goes.
      answer: draft.answer === index + 1 ? 0 : draft.answer > index + 1 ? draft.answer - 1 : draft.answer,
    });
  return (
    // min-w-0: a fieldset is otherwise as wide as its fields' own widths, and pushed a phone's page sideways (368 px).
    <fieldset className="min-w-0 space-y-3 rounded-md border border-slate-300 p-3">
      <legend className="px-1 font-medium">Question {number}</legend>
      <div className="space-y-1">
        <label htmlFor={`${id}-text`} className="block text-sm font-medium">
          Question {number} text
        </label>
        <textarea
          id={`${id}-text`}
          value={draft.question}
          rows={2}
          onChange={(event) => onChange({ ...draft, question: event.target.value })}
          className="w-full rounded-lg border border-slate-400 px-3 py-2"
        />
      </div>
      <div role="radiogroup" aria-label={`Right answer of question ${number}`} className="space-y-2">
        {draft.options.map((option, index) => (
          // Options are edited in place: their place is their identity.
          <div key={index} className="flex items-center gap-2">
            <input
              type="radio"
              name={`${id}-right`}
              checked={draft.answer === index + 1}
              onChange={() => onChange({ ...draft, answer: index + 1 })}
              aria-label={`Option ${index + 1} is the right answer`}
              className="size-4 shrink-0 accent-green-700"
            />
            <label htmlFor={`${id}-option-${index}`} className="sr-only">
              Option {index + 1} of question {number}
            </label>
            <input
              id={`${id}-option-${index}`}
              value={option}
              onChange={(event) => setOption(index, event.target.value)}
              className="min-w-0 flex-1 rounded-lg border border-slate-400 px-3 py-1.5"
            />
            {draft.options.length > 2 ? (
              <button
                type="button"
                onClick={() => removeOption(index)}
                aria-label={`Remove option ${index + 1} of question ${number}`}
                className={`shrink-0 ${dangerButton}`}
              >
                ✕
              </button>
            ) : null}
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-end gap-3">
        {draft.options.length < MAX_OPTIONS ? (
          <button
            type="button"
            onClick={() => onChange({ ...draft, options: [...draft.options, ''] })}
            className={smallButton}
          >
            Add an option
          </button>
        ) : null}
        <div>
          <label htmlFor={`${id}-marks`} className="block text-sm font-medium">
            Marks
          </label>
          <input
            id={`${id}-marks`}
            type="number"
            min={0}
            max={100}
            value={draft.marks}
            onChange={(event) => onChange({ ...draft, marks: event.target.value })}
            className="w-20 rounded-lg border border-slate-400 px-3 py-1.5"
          />
        </div>
        <div className="ml-auto flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => onMove(-1)}
            aria-label={`Move question ${number} up`}
            className={smallButton}
          >
            ↑
          </button>
          <button
            type="button"
            onClick={() => onMove(1)}
            aria-label={`Move question ${number} down`}
            className={smallButton}
          >
            ↓
          </button>
          <button type="button" onClick={onRemove} aria-label={`Remove question ${number}`} className={dangerButton}>
            Remove
          </button>
        </div>
      </div>
    </fieldset>
  );
}
