import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { t } from '../../i18n/language.ts';

/** One empty box per digit of the code (the server's OTP_LENGTH, told with each code sent). */
export const emptyCode = (length: number): string[] => Array.from({ length }, () => '');

interface CodeBoxesProps {
  /** One entry per box (one per digit of the code): a digit or ''. */
  value: string[];
  onChange: (value: string[]) => void;
  /** id of the text that names the group. */
  labelledBy: string;
  disabled?: boolean;
  /** Focus the first box when the boxes appear. */
  autoFocus?: boolean;
}

/**
 * Single-digit boxes, one per digit of the code: typing moves forward, Backspace clears and moves back, arrows move,
 * and a pasted or autofilled code (digits only) fills the boxes from the one it lands in.
 */
export function CodeBoxes({ value, onChange, labelledBy, disabled, autoFocus }: CodeBoxesProps) {
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;
  const focus = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  const fill = (from: number, digits: string) => {
    const accepted = digits.replace(/\D/g, '').slice(0, length - from);
    if (!accepted) return;
    const next = [...value];
    [...accepted].forEach((digit, offset) => (next[from + offset] = digit));
    onChange(next);
    focus(from + accepted.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const target = value[index] ? index : index - 1;
      if (target < 0) return;
      onChange(value.map((digit, i) => (i === target ? '' : digit)));
      focus(index - 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    } else if (/^\d$/.test(event.key)) {
      event.preventDefault();
      fill(index, event.key);
    } else if (event.key.length === 1 && !event.ctrlKey && !event.metaKey) {
      // A letter or sign never gets into a box.
      event.preventDefault();
    }
  };

  const onPaste = (index: number, event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <div role="group" aria-labelledby={labelledBy} className="flex justify-center gap-3">
      {value.map((digit, index) => (
        <input
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          type="text"
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          autoFocus={autoFocus && index === 0}
          aria-label={t('Digit {n} of {length}', { n: index + 1, length })}
          value={digit}
          disabled={disabled}
          // Typing into a filled box replaces its digit.
          onFocus={(event) => event.target.select()}
          onKeyDown={(event) => onKeyDown(index, event)}
          onPaste={(event) => onPaste(index, event)}
          // Phone keyboards and one-time-code autofill arrive here rather than as key presses.
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            if (digits) fill(index, digits.length === 2 && digits[0] === digit ? digits.slice(1) : digits);
            else onChange(value.map((d, i) => (i === index ? '' : d)));
          }}
          className="size-14 rounded-lg border border-slate-300 bg-white text-center text-2xl font-semibold tabular-nums shadow-sm focus:border-blue-700 disabled:bg-slate-100"
        />
      ))}
    </div>
  );
}
