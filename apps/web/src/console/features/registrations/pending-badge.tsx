import { useRegistrations } from './api/get-registrations.ts';

/** The number of waiting requests beside 'Registrations' in the navigation; nothing when none wait. */
export default function PendingBadge() {
  const pending = useRegistrations().data?.pending ?? 0;
  if (pending === 0) return null;
  return (
    <span className="ml-2 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950 tabular-nums">
      {pending}
      <span className="sr-only"> waiting</span>
    </span>
  );
}
