import { type FormEvent, useState } from 'react';
import { TextField } from '../../components/text-field.tsx';
import { fieldOf } from '../../lib/console-api.ts';
import { FormButtons } from './item-actions.tsx';

interface NameFormProps {
  id: string;
  label: string;
  initial?: string;
  submit: string;
  /** Saves the name; a refusal naming `name` is shown under the field, any other is thrown on. */
  onSave: (name: string) => Promise<unknown>;
  onCancel?: () => void;
}

/** One name and a button: adding or renaming a chapter, adding a subject. */
export function NameForm({ id, label, initial = '', submit, onSave, onCancel }: NameFormProps) {
  const [name, setName] = useState(initial);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    setBusy(true);
    try {
      await onSave(name);
      setName(initial);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setProblem(fieldOf(message)?.problem ?? message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(event) => void send(event)} aria-label={submit} className="flex flex-wrap items-start gap-2">
      <div className="min-w-48 flex-1">
        <TextField id={id} label={label} value={name} onChange={setName} problem={problem} />
      </div>
      <FormButtons submit={submit} busy={busy} onCancel={onCancel} className="flex gap-2 sm:mt-8" />
    </form>
  );
}
