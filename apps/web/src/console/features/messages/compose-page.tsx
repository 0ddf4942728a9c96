import { RECIPIENT_NAME_VARIABLE, templateVariables } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { type ComposedMessage, useBatches, usePreview, useSendMessage, useTemplates } from './api/messages.ts';
import { startingAudience } from './audience.ts';
import { CostWarning, PreviewBox } from './preview.tsx';

const OWN_TEXT = 'own';

/** /console/messages/new: a template, its variables and the recipients; a preview, the count and the cost; send. */
export default function ComposePage() {
  const search = useSearch();
  const [starting] = useState(() => startingAudience(search, window.history.state));
  const source = new URLSearchParams(search).get('source') ?? '';
  const templates = useTemplates();
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="New message" />
      <QueryState query={templates} isEmpty={() => false} empty="">
        {(data) =>
          data.templates.some((t) => t.active) || data.free_text ? (
            <ComposeForm starting={starting} source={source} />
          ) : (
            <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
              No message templates yet. An admin adds the institute&apos;s DLT-registered templates under Message
              templates; then messages can be sent from them.
            </p>
          )
        }
      </QueryState>
    </div>
  );
}

function ComposeForm({ starting, source }: { starting: ReturnType<typeof startingAudience>; source: string }) {
  const { data } = useTemplates();
  const [, navigate] = useLocation();
  const offered = (data?.templates ?? []).filter((t) => t.active);
  const [choice, setChoice] = useState(String(offered[0]?.id ?? (data?.free_text ? OWN_TEXT : '')));
  const [ownText, setOwnText] = useState('');
  const [values, setValues] = useState<Record<string, string>>({});
  const [batchId, setBatchId] = useState(starting && 'batch_id' in starting ? String(starting.batch_id) : '');
  const chosenStudents = starting && 'student_ids' in starting ? starting.student_ids : undefined;
  const template = offered.find((t) => String(t.id) === choice);
  const text = template ? template.text : ownText;
  const variables = templateVariables(text).filter((name) => name !== RECIPIENT_NAME_VARIABLE);
  const filled = Object.fromEntries(variables.flatMap((name) => (values[name]?.trim() ? [[name, values[name]]] : [])));
  const audience = chosenStudents
    ? { student_ids: chosenStudents }
    : batchId
      ? { batch_id: Number(batchId) }
      : undefined;
  // A new object each render is fine: the preview's query key is compared by value.
  const message: ComposedMessage | undefined =
    audience && (template || ownText.trim())
      ? { ...(template ? { template_id: template.id } : { text: ownText }), variables: filled, audience, source }
      : undefined;
  const preview = usePreview(message);
  const send = useSendMessage();
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!message) return setProblem('Choose a template and who it goes to.');
    send.mutate(message, {
      onSuccess: (answer) => navigate(`/messages?send=${answer.data.id}`),
      onError: (error) => setProblem(error.message),
    });
  };
  const ready = preview.data && preview.data.unfilled.length === 0 && preview.data.recipients > 0;
  return (
    <form onSubmit={submit} noValidate className="grid gap-6 lg:grid-cols-2">
      <div className="space-y-4">
        <SelectField id="message-template" label="Template" value={choice} onChange={setChoice}>
          {offered.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
          {data?.free_text ? <option value={OWN_TEXT}>A text of my own</option> : null}
        </SelectField>
        {template ? <p className="rounded-lg bg-slate-100 p-3 text-slate-800">{template.text}</p> : null}
        {choice === OWN_TEXT ? (
          <div className="space-y-1">
            <label htmlFor="message-own-text" className="block font-medium">
              Text
            </label>
            <textarea
              id="message-own-text"
              rows={4}
              value={ownText}
              onChange={(event) => setOwnText(event.target.value)}
              className="w-full rounded-lg border border-slate-400 px-3 py-2"
            />
          </div>
        ) : null}
        {variables.map((name) => (
          <TextField
            key={name}
            id={`message-variable-${name}`}
            label={`{${name}}`}
            value={values[name] ?? ''}
            onChange={(value) => setValues((v) => ({ ...v, [name]: value }))}
          />
        ))}
        {chosenStudents ? (
          <p className="font-medium">
            To the {chosenStudents.length} chosen {chosenStudents.length === 1 ? 'student' : 'students'}
            {source ? ` (${source})` : ''}
          </p>
        ) : (
          <BatchChoice value={batchId} onChange={setBatchId} />
        )}
      </div>
      <div className="space-y-4">
        <PreviewBox preview={preview} waiting={!message} />
        {preview.data ? <CostWarning preview={preview.data} /> : null}
        <p role="alert" className="min-h-5 text-red-700">
          {problem}
        </p>
        <button
          type="submit"
          disabled={!ready || send.isPending}
          className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
        >
          {preview.data?.recipients
            ? `Send to ${preview.data.recipients} ${preview.data.recipients === 1 ? 'student' : 'students'}`
            : 'Send'}
        </button>
      </div>
    </form>
  );
}

function BatchChoice({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const subjects = useBatches();
  return (
    <QueryState query={subjects} isEmpty={() => false} empty="">
      {(list) => (
        <SelectField id="message-batch" label="To a batch" value={value} onChange={onChange}>
          <option value="">Choose a batch</option>
          {list
            .filter((subject) => subject.batches.length > 0)
            .map((subject) => (
              <optgroup key={subject.id} label={subject.name}>
                {subject.batches.map((batch) => (
                  <option key={batch.id} value={batch.id}>
                    {batch.name}
                  </option>
                ))}
              </optgroup>
            ))}
        </SelectField>
      )}
    </QueryState>
  );
}
