import { useId } from 'react';
import toast from 'react-hot-toast';
import { ConsoleApiError } from '../../lib/console-api.ts';

export const smallButton =
  'rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60';
export const dangerButton =
  'rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60';

/** Shows the server's message for a finished call, or its refusal. */
export const announce = (work: Promise<{ message: string }>) =>
  work.then((answer) => void toast.success(answer.message)).catch((error: Error) => void toast.error(error.message));

/**
 * Deletes something students may have used. The first call goes without `confirm`; when the server answers 409
 * (students watched or took it, and it says how many), the staff member is asked, and a yes sends `confirm: true`,
 * which hides it and keeps the students' history.
 */
export async function deleteAskingFirst(remove: (confirm?: true) => Promise<{ message: string }>) {
  try {
    toast.success((await remove()).message);
  } catch (error) {
    if (!(error instanceof ConsoleApiError && error.status === 409))
      toast.error(error instanceof Error ? error.message : String(error));
    else if (window.confirm(`${error.message.replace(/; send confirm: true to go ahead\.$/, '.')} Delete it?`))
      await announce(remove(true));
  }
}

interface FormButtonsProps {
  submit: string;
  busy: boolean;
  /** Why the submit waits (a file still uploading): said beside it, and the button is disabled meanwhile. */
  waitingFor?: string | undefined;
  onCancel?: (() => void) | undefined;
  className?: string;
}

/** A course form's submit button, and Cancel when the form edits something in place. */
export function FormButtons({
  submit,
  busy,
  waitingFor,
  onCancel,
  className = 'flex flex-wrap items-center gap-2',
}: FormButtonsProps) {
  const waitingId = useId();
  return (
    <div className={className}>
      <button
        type="submit"
        disabled={busy || Boolean(waitingFor)}
        aria-describedby={waitingFor ? waitingId : undefined}
        className={smallButton}
      >
        {submit}
      </button>
      {onCancel ? (
        <button
          type="button"
          onClick={onCancel}
          className="px-2 py-1.5 text-sm text-blue-800 underline underline-offset-2"
        >
          Cancel
        </button>
      ) : null}
      {waitingFor ? (
        <span id={waitingId} className="text-sm text-slate-700">
          {waitingFor}
        </span>
      ) : null}
    </div>
  );
}

interface ItemActionsProps {
  /** The item's name, in each button's accessible name ("Move Sets up"). */
  name: string;
  busy: boolean;
  onMove: (direction: 'up' | 'down') => void;
  onEdit?: () => void;
  onDelete: () => void;
}

/** Up, down, edit and delete for one item of a list, each named after the item for screen readers. */
export function ItemActions({ name, busy, onMove, onEdit, onDelete }: ItemActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <button
        type="button"
        disabled={busy}
        onClick={() => onMove('up')}
        aria-label={`Move ${name} up`}
        className={smallButton}
      >
        ↑
      </button>
      <button
        type="button"
        disabled={busy}
        onClick={() => onMove('down')}
        aria-label={`Move ${name} down`}
        className={smallButton}
      >
        ↓
      </button>
      {onEdit ? (
        <button type="button" disabled={busy} onClick={onEdit} aria-label={`Edit ${name}`} className={smallButton}>
          Edit
        </button>
      ) : null}
      <button type="button" disabled={busy} onClick={onDelete} aria-label={`Delete ${name}`} className={dangerButton}>
        Delete
      </button>
    </div>
  );
}
