import type { ChangeEvent, ReactNode } from 'react';

interface ImportFileChooserProps {
  /** The file input's id; its heading, and its refusal, take ids made from it. */
  id: string;
  heading: string;
  label: string;
  accept: string;
  /** True while a file goes up or the server works through it: no second file meanwhile. */
  busy: boolean;
  /** The last refusal (the server's, or the browser's own check of the file), or ''. */
  problem: string;
  onChoose: (event: ChangeEvent<HTMLInputElement>) => void;
  /** What the file must hold, and anything that helps make one (a template). */
  children: ReactNode;
}

/** The first step of each console import (students' CSV, a course's zip): what to choose, the chooser, its refusal. */
export function ImportFileChooser({
  id,
  heading,
  label,
  accept,
  busy,
  problem,
  onChoose,
  children,
}: ImportFileChooserProps) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-2">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      {children}
      <label htmlFor={id} className="block font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        disabled={busy}
        onChange={onChoose}
        aria-describedby={`${id}-problem`}
        className="block w-full max-w-md rounded-lg border border-slate-400 p-2"
      />
      <p id={`${id}-problem`} role="alert" className="text-red-700 dark:text-red-400">
        {problem}
      </p>
    </section>
  );
}
