import type { ClassReminders } from '@portal/contract/console';
import { Link } from 'wouter';

/**
 * How the classes below remind their batch (docs/decisions/075, 076): by a notification in the app, and by SMS when a
 * message template is chosen for it; or not at all, with CLASS_REMINDER_MINUTES at 0.
 */
export function ClassRemindersLine({ reminders }: { reminders: ClassReminders }) {
  if (reminders.minutes === 0)
    return (
      <p className="text-sm text-slate-700">
        Classes do not remind their batch: reminders are off on this server (CLASS_REMINDER_MINUTES is 0).
      </p>
    );
  const when = `Each class reminds its batch ${reminders.minutes} minutes before it starts`;
  if (reminders.sms_template)
    return (
      <p className="text-sm text-slate-700">
        {when}: by SMS with the template “{reminders.sms_template}”, and by a notification in the app to students who
        turned reminders on.
      </p>
    );
  return (
    <p className="text-sm text-slate-700">
      {when} by a notification in the app, to students who turned reminders on. No SMS is sent: no{' '}
      <Link href="/messages/templates" className="text-blue-800 underline">
        message template
      </Link>{' '}
      is chosen for class reminders (an admin ticks “Use for class reminders” on one).
    </p>
  );
}
