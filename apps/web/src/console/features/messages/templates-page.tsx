import { type MessageTemplate, templateVariables } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TextField } from '../../components/text-field.tsx';
import { fieldOf, problemSentence } from '../../lib/console-api.ts';
import { useSaveTemplate, useTemplates } from './api/messages.ts';
import { ClassReminderNote, reminderVariables } from './class-reminder-note.tsx';

/** /console/messages/templates (admins): the institute's DLT-registered texts, which every message is chosen from. */
export default function TemplatesPage() {
  const templates = useTemplates();
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Message templates">
        <button
          type="button"
          onClick={() => setEditing('new')}
          className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          Add a template
        </button>
      </ConsolePageHeading>
      <p className="max-w-prose text-slate-700">
        Within India a text reaches students only if it matches a template the institute registered on the DLT portal.
        Copy each registered template here word for word, writing its variables as <code>{'{name}'}</code> (the
        student&apos;s name) or another word in braces, such as <code>{'{topic}'}</code>, filled in when sending.
      </p>
      {templates.data ? (
        <ClassReminderNote templates={templates.data.templates} minutes={templates.data.class_reminder_minutes} />
      ) : null}
      {editing ? (
        <TemplateForm
          key={editing === 'new' ? 'new' : editing.id}
          template={editing}
          reminderMinutes={templates.data?.class_reminder_minutes ?? 0}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <QueryState
        query={templates}
        isEmpty={(data) => data.templates.length === 0}
        empty="No templates yet: add the first one the institute registered."
      >
        {(data) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {data.templates.map((template) => (
              <li key={template.id} className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
                <div className="min-w-0 space-y-1">
                  <p className="font-semibold">
                    {template.name}
                    {template.active ? null : (
                      <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">
                        Retired
                      </span>
                    )}
                    {template.class_reminder ? (
                      <span className="ml-2 rounded bg-blue-100 px-2 py-0.5 text-xs font-medium text-blue-900">
                        Class reminders
                      </span>
                    ) : null}
                  </p>
                  <p className="break-words text-slate-800">{template.text}</p>
                  <p className="text-sm text-slate-600">
                    DLT template id: {template.dlt_template_id || 'none'}
                    {template.gateway_template_id ? ` · gateway id: ${template.gateway_template_id}` : ''}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => setEditing(template)}
                  aria-label={`Change ${template.name}`}
                  className="justify-self-start rounded-md border border-slate-400 px-3 py-2 text-sm font-medium hover:bg-slate-100"
                >
                  Change
                </button>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </div>
  );
}

type Field = 'name' | 'dlt_template_id' | 'gateway_template_id' | 'text' | 'class_reminder';

function TemplateForm({
  template,
  reminderMinutes,
  onDone,
}: {
  template: MessageTemplate | 'new';
  reminderMinutes: number;
  onDone: () => void;
}) {
  const save = useSaveTemplate();
  const start = template === 'new' ? undefined : template;
  const [values, setValues] = useState<Record<Exclude<Field, 'class_reminder'>, string>>({
    name: start?.name ?? '',
    dlt_template_id: start?.dlt_template_id ?? '',
    gateway_template_id: start?.gateway_template_id ?? '',
    text: start?.text ?? '',
  });
  const [active, setActive] = useState(start?.active ?? true);
  const [classReminder, setClassReminder] = useState(start?.class_reminder ?? false);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { ...(start ? { id: start.id } : {}), ...values, active, class_reminder: classReminder },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          onDone();
        },
        onError: (error) => {
          const named = fieldOf(error.message);
          if (named && (named.field in values || named.field === 'class_reminder'))
            setProblems({ [named.field]: problemSentence(named.field, named.problem) });
          else toast.error(error.message);
        },
      },
    );
  };
  const variables = templateVariables(values.text);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="template-form-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="template-form-heading" className="text-lg font-semibold">
        {start ? `Change ${start.name}` : 'Add a template'}
      </h2>
      <TextField id="template-name" label="Name" value={values.name} onChange={set('name')} problem={problems.name} />
      <TextField
        id="template-dlt"
        label="DLT template id"
        hint="The id the DLT portal gave this template (19 digits). Leave empty outside India."
        value={values.dlt_template_id}
        onChange={set('dlt_template_id')}
        problem={problems.dlt_template_id}
      />
      <TextField
        id="template-gateway"
        label="Gateway template id (MSG91)"
        hint="Only for MSG91: the id of this template in MSG91, whose variables have the same names."
        value={values.gateway_template_id}
        onChange={set('gateway_template_id')}
        problem={problems.gateway_template_id}
      />
      <div className="space-y-1">
        <label htmlFor="template-text" className="block font-medium">
          Text
        </label>
        <textarea
          id="template-text"
          value={values.text}
          rows={4}
          onChange={(event) => set('text')(event.target.value)}
          aria-invalid={problems.text ? true : undefined}
          aria-describedby="template-text-variables template-text-problem"
          className="w-full rounded-lg border border-slate-400 px-3 py-2"
        />
        <p id="template-text-variables" className="text-sm text-slate-600">
          {variables.length ? `Variables: ${variables.map((v) => `{${v}}`).join(', ')}` : 'No variables.'}
        </p>
        <p id="template-text-problem" className="min-h-5 text-sm text-red-700">
          {problems.text}
        </p>
      </div>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        Offered when sending (untick to retire it)
      </label>
      <div className="space-y-1">
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={classReminder}
            onChange={(event) => setClassReminder(event.target.checked)}
            aria-describedby="template-reminder-hint template-reminder-problem"
            aria-invalid={problems.class_reminder ? true : undefined}
          />
          Use for class reminders
        </label>
        <p id="template-reminder-hint" className="text-sm text-slate-600">
          {reminderMinutes > 0
            ? `Texted to a class's batch ${reminderMinutes} minutes before the class starts`
            : 'Texted to a class’s batch before the class starts (reminders are off on this server now)'}
          ; one template at a time. It may use {reminderVariables}.
        </p>
        <p id="template-reminder-problem" className="min-h-5 text-sm text-red-700">
          {problems.class_reminder}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 pt-2">
        <button
          type="submit"
          disabled={save.isPending}
          className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          Save template
        </button>
        <button type="button" onClick={onDone} className="rounded-md border border-slate-400 px-4 py-2 font-medium">
          Cancel
        </button>
      </div>
    </form>
  );
}
