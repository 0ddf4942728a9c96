import { type ChangeEvent, type ClipboardEvent, type KeyboardEvent, useLayoutEffect, useRef } from 'react';
import { t } from '../../i18n/language.ts';
import { carriesCode, formatTyped, formatterLoaded, HOME_CODE, loadFormatter, settled } from './phone-number.ts';

/** What the field shows, e.g. `99501 23456` or `+91 99501 23456`; `readPhone` (phone-number.ts) reads it. */
export type PhoneNumber = string;
export const emptyPhone: PhoneNumber = '';

const isSignificant = (text: string, index: number) =>
  /\d/.test(text[index]!) || (text[index] === '+' && !text.slice(0, index).trim());

/** How many digits (and a leading +) stand before `caret`. */
const countBefore = (text: string, caret: number) =>
  [...text.slice(0, caret)].filter((_, i) => isSignificant(text, i)).length;

/** The position just after the `count`-th digit (or leading +) of `text`. */
function positionAfter(text: string, count: number): number {
  if (count === 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) if (isSignificant(text, i) && ++seen === count) return i + 1;
  return text.length;
}

interface PhoneFieldProps {
  id: string;
  value: PhoneNumber;
  onChange: (value: PhoneNumber) => void;
  autoFocus?: boolean;
  /** The id of the field's problem, read out with it. */
  errorId?: string;
}

/**
 * The student's mobile number, as they write it: `+91` stands in front until the text carries a code of its own
 * (`+44 …`, `0091 …`, `91 99501 23456`); the digits are grouped as they are typed (libphonenumber-js's AsYouType over
 * India's numbering plan), the caret stays after the digit it was after, and a finished number is shown as the roster
 * shows it once the field is left. At most 15 digits (the spec's limit).
 */
export function PhoneField({ id, value, onChange, autoFocus = false, errorId }: PhoneFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const caret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const field = input.current;
    if (caret.current === null || !field || document.activeElement !== field) return;
    field.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value]);

  /** Formats `text`, keeping the caret after the same digit as at `at` in it. */
  const change = (text: string, at: number) => {
    const shown = formatTyped(text);
    caret.current = positionAfter(shown, countBefore(text, at));
    onChange(shown);
    if (!formatterLoaded()) {
      void loadFormatter().then(() => {
        const field = input.current;
        // What was typed meanwhile, grouped now, the caret after the same digit.
        if (field && formatterLoaded()) change(field.value, field.selectionStart ?? field.value.length);
      });
    }
  };

  const onInput = (event: ChangeEvent<HTMLInputElement>) =>
    change(event.target.value, event.target.selectionStart ?? event.target.value.length);

  // Backspace (or Delete) next to a space the field put in takes the digit beyond it, not the space it would put back.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const { selectionStart: start, selectionEnd: end } = field;
    if (start === null || start !== end || (event.key !== 'Backspace' && event.key !== 'Delete')) return;
    const text = field.value;
    const back = event.key === 'Backspace';
    let at = back ? start - 1 : start;
    while (at >= 0 && at < text.length && !isSignificant(text, at)) at += back ? -1 : 1;
    if (at === (back ? start - 1 : start) || at < 0 || at >= text.length) return;
    event.preventDefault();
    change(text.slice(0, at) + text.slice(at + 1), at);
  };

  // A paste goes where the selection is, like typing; a whole number pasted is shown as the roster shows it at once.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    const start = field.selectionStart ?? field.value.length;
    const end = field.selectionEnd ?? start;
    event.preventDefault();
    const text = field.value.slice(0, start) + pasted + field.value.slice(end);
    if (start === 0 && end === field.value.length) {
      caret.current = Number.MAX_SAFE_INTEGER;
      onChange(settled(text));
    } else change(text, start + pasted.length);
  };

  const ownCode = carriesCode(value);
  const codeId = `${id}-code`;
  const hintId = `${id}-hint`;
  const describedBy = [errorId, ownCode ? '' : codeId, hintId].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {t('Mobile number')}
      </label>
      <div className="flex h-11 items-stretch rounded-md border border-slate-300 bg-white focus-within:outline-3 focus-within:outline-offset-2 focus-within:outline-blue-700">
        {!ownCode && (
          <span id={codeId} className="flex items-center border-r border-slate-300 px-3 text-slate-700" dir="ltr">
            +{HOME_CODE}
          </span>
        )}
        <input
          ref={input}
          id={id}
          name="mobile"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          dir="ltr"
          required
          autoFocus={autoFocus}
          placeholder="98765 43210"
          value={value}
          onChange={onInput}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onBlur={() => value && onChange(settled(value))}
          aria-invalid={errorId ? true : undefined}
          aria-describedby={describedBy}
          className="min-w-0 flex-1 rounded-md bg-transparent px-3 text-base text-slate-900 outline-none"
        />
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {t('Another country? Start with + and its code.')}
      </p>
    </div>
  );
}
