import type { LockedNumber } from '@portal/contract/console';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../lib/date-time.ts';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useLockedNumbers, useUnlockNumber } from './api/sign-in-locks.ts';

/** /console/sign-in-locks (admins): numbers whose sign-in locked after too many wrong codes, and the way to lift it. */
export default function SignInLocksPage() {
  const numbers = useLockedNumbers();
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Locked numbers" />
      <p className="text-slate-700">
        After 100 wrong codes in a year, sign-in for a number locks: someone may be guessing. Call the student (or staff
        member) first; if they have their phone, unlock the number and ask them to sign in again.
      </p>
      <QueryState query={numbers} empty="No number is locked.">
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {list.map((locked) => (
              <LockedRow key={locked.mobile} locked={locked} />
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

function LockedRow({ locked }: { locked: LockedNumber }) {
  const unlock = useUnlockNumber();
  const who = locked.holder || 'Not a student or staff member';
  const lift = () =>
    unlock.mutate(locked.mobile, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(error.message),
    });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <p className="font-medium text-slate-900">{locked.mobile}</p>
        <p className="text-sm text-slate-700">
          {who} · locked {formatDateTime(locked.locked_at, 'dateTime')}
        </p>
      </div>
      <button
        type="button"
        onClick={lift}
        disabled={unlock.isPending}
        aria-label={`Unlock ${locked.mobile}`}
        className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
      >
        {unlock.isPending ? 'Unlocking...' : 'Unlock'}
      </button>
    </li>
  );
}
