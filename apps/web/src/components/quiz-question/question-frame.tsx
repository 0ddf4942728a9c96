import type { ReactNode } from 'react';
import { msg, plural, t } from '../../i18n/language.ts';

/** A numbered question with its marks, framed as a fieldset; taking a quiz, reviewing a report and the console's preview share it. */
export function QuestionFrame({
  number,
  question,
  marks,
  disabled = false,
  children,
}: {
  number: number;
  question: string;
  marks: number;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <fieldset disabled={disabled} className="min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {/* Floated so the legend lays out like a heading inside the box rather than on its border. A fieldset is as wide
          as its widest unbreakable word unless told otherwise (min-w-0), and a formula in a question or option has no
          space to break at (wrap-anywhere): either would push a phone's page sideways. */}
      <legend className="float-left mb-3 flex w-full items-start gap-3">
        <span className="min-w-0 flex-1 font-semibold wrap-anywhere">
          {number}. {question}
        </span>
        <span className="shrink-0 rounded-full bg-slate-100 px-2 py-0.5 text-sm text-slate-700">
          {t(plural(marks, msg('{marks} Mark'), msg('{marks} Marks')), { marks })}
        </span>
      </legend>
      {children}
    </fieldset>
  );
}
