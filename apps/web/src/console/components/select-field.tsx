import type { ReactNode } from 'react';

interface SelectFieldProps {
  id: string;
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  /** The <option>s. */
  children: ReactNode;
  disabled?: boolean;
  /** As wide as its column (the default), or as wide as its longest option. */
  fullWidth?: boolean;
}

/** A labelled select, the console's twin of TextField. */
export function SelectField({ id, label, value, onChange, children, disabled, fullWidth = true }: SelectFieldProps) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
        className={`${fullWidth ? 'w-full ' : ''}rounded-lg border border-slate-400 bg-white px-3 py-2 disabled:bg-slate-100`}
      >
        {children}
      </select>
    </div>
  );
}
