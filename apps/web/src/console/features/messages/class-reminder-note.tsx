import { CLASS_REMINDER_VARIABLES, type MessageTemplate, RECIPIENT_NAME_VARIABLE } from '@portal/contract/console';

/** `{name}, {class_name}, …`: what the portal fills in a class reminder's template. */
export const reminderVariables = [RECIPIENT_NAME_VARIABLE, ...CLASS_REMINDER_VARIABLES].map((v) => `{${v}}`).join(', ');

/**
 * The templates page's word on class reminders (docs/decisions/076): which template texts a class's batch before it
 * starts, or that none does (the notification in the app still goes), or that reminders are off on this server.
 */
export function ClassReminderNote({ templates, minutes }: { templates: MessageTemplate[]; minutes: number }) {
  const chosen = templates.find((template) => template.class_reminder);
  return (
    <section
      aria-labelledby="class-reminder-note"
      className="max-w-prose space-y-1 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="class-reminder-note" className="font-semibold">
        Class reminders
      </h2>
      {minutes === 0 ? (
        <p className="text-slate-700">
          Class reminders are off on this server (CLASS_REMINDER_MINUTES is 0): no class reminds its batch.
        </p>
      ) : chosen ? (
        <p className="text-slate-700">
          <strong>{chosen.name}</strong> is texted to a class&apos;s batch {minutes} minutes before the class starts,
          besides the notification in the app.
        </p>
      ) : (
        <p className="text-slate-700">
          No template is chosen for class reminders, so a class reminds its batch {minutes} minutes before it starts
          only by a notification in the app (to students who turned reminders on), not by SMS. To text them too,
          register a template on the DLT portal that uses {reminderVariables}, add it here and tick “Use for class
          reminders”.
        </p>
      )}
    </section>
  );
}
