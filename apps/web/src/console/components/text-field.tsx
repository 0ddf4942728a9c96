import type { HTMLInputTypeAttribute } from 'react';

interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** What is wrong with the value, shown under the field and announced with it. */
  problem?: string | undefined;
  hint?: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: string;
}

/** A labelled input whose problem is tied to it (aria-invalid, aria-describedby). */
export function TextField({ id, label, value, onChange, problem, hint, type = 'text', autoComplete }: TextFieldProps) {
  const described = [hint ? `${id}-hint` : '', `${id}-problem`].filter(Boolean).join(' ');
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        className="w-full rounded-lg border border-slate-400 px-3 py-2"
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={`${id}-problem`} className="min-h-5 text-sm text-red-700">
        {problem}
      </p>
    </div>
  );
}
