import type { ReportQuestion } from '@portal/contract';
import { msg, plural, t } from '../../../i18n/language.ts';
import { QuestionFrame } from '../../../components/quiz-question/question-frame.tsx';

type OptionRole = 'right' | 'wrong' | 'correct' | 'other';

const optionStyle: Record<OptionRole, string> = {
  right: 'border-green-700 bg-green-50',
  wrong: 'border-red-700 bg-red-50',
  correct: 'border-green-700 border-dashed',
  other: 'border-slate-200',
};

// Said in words and marks too, so the review does not rely on colour alone.
const optionTag: Record<OptionRole, string | null> = {
  right: msg('✓ Your answer, correct'),
  wrong: msg('✗ Your answer'),
  correct: msg('✓ Correct answer'),
  other: null,
};

function roleOf(option: string, item: ReportQuestion): OptionRole {
  if (option === item.student_answer) return option === item.answer ? 'right' : 'wrong';
  return option === item.answer ? 'correct' : 'other';
}

/** A question of a report, read-only: the student's answer selected, right and wrong marked. */
export function ReportQuestionView({ number, item }: { number: number; item: ReportQuestion }) {
  const gained = item.student_answer === item.answer ? item.marks : 0;
  const verdict = item.student_answer === null ? t('Not answered') : gained > 0 ? t('Correct') : t('Wrong');
  return (
    <QuestionFrame number={number} question={item.question} marks={item.marks} disabled>
      <ul className="clear-both flex flex-col gap-2">
        {item.options.map((option) => {
          const role = roleOf(option, item);
          const tag = optionTag[role];
          return (
            <li key={option}>
              <label
                className={`flex min-h-11 flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border-2 px-3 py-2 ${optionStyle[role]}`}
              >
                {/* Drawn by us: a disabled native radio is too faint to show which option was chosen. */}
                <input
                  type="radio"
                  name={`review-${item.question_id}`}
                  value={option}
                  checked={option === item.student_answer}
                  readOnly
                  className="size-4 shrink-0 appearance-none rounded-full border-2 border-slate-400 checked:border-[5px] checked:border-slate-900"
                />
                <span className="min-w-0 flex-1 break-words text-slate-900">{option}</span>
                {tag ? (
                  <span
                    className={`w-full pl-7 text-sm font-semibold sm:w-auto sm:pl-0 ${role === 'wrong' ? 'text-red-800' : 'text-green-800'}`}
                  >
                    {t(tag)}
                  </span>
                ) : null}
              </label>
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm font-medium text-slate-700">
        {verdict} ·{' '}
        {t(plural(item.marks, msg('{marks} Mark'), msg('{marks} Marks')), { marks: `${gained}/${item.marks}` })}
      </p>
    </QuestionFrame>
  );
}
