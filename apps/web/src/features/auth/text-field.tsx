import type { InputHTMLAttributes } from 'react';
import { t } from '../../i18n/language.ts';

export const inputClass =
  'w-full rounded-md border border-slate-300 px-3 py-2.5 text-base focus:border-blue-700 aria-[invalid=true]:border-red-700';

interface TextFieldProps extends Pick<InputHTMLAttributes<HTMLInputElement>, 'autoComplete' | 'type' | 'inputMode'> {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  optional?: boolean;
}

/** A labelled input whose problem is read out with it (`aria-describedby`). */
export function TextField({
  name,
  label,
  value,
  onChange,
  error,
  optional = false,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const id = `register-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
        {optional ? <span className="font-normal text-slate-500"> {t('(optional)')}</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={!optional}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...rest}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}
