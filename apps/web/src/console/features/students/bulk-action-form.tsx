import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SelectField } from '../../components/select-field.tsx';
import { type BulkChange, useBulkChange } from './api/bulk-change.ts';
import { studentsSaid } from './students-said.ts';

export interface Named {
  id: number;
  name: string;
}

type Action = '' | 'enrol' | 'move' | 'deactivate' | 'reactivate';

/** The students of the action as its call names them: by id, or by the filter with the count the clerk saw. */
type Selection = { student_ids: number[] } | { filter: object; expected: number };

/**
 * Chooses a bulk action (and its subject or batch), asks "Deactivate 12 students?" with the count, then runs it as
 * one call and hands the server's sentence up; nothing changes before the confirmation.
 */
export function BulkActionForm({
  count,
  selection,
  subjects,
  batches,
  onDone,
}: {
  count: number;
  selection: Selection;
  subjects: Named[];
  batches: (Named & { subject_id: number })[];
  onDone: (result: { ok: boolean; message: string }) => void;
}) {
  const [action, setAction] = useState<Action>('');
  const [subjectId, setSubjectId] = useState(0);
  const [batchId, setBatchId] = useState(0);
  const [problem, setProblem] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const run = useBulkChange();

  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);

  const batchName = batches.find((b) => b.id === batchId)?.name;
  const subjectName = subjects.find((s) => s.id === subjectId)?.name;
  const who = studentsSaid(count);
  const question =
    action === 'enrol'
      ? `Enrol ${who} in ${subjectName}${batchName ? `, batch ${batchName}` : ''}?`
      : action === 'move'
        ? `Move ${who} to the batch ${batchName}? They leave the subject's other batches.`
        : action === 'deactivate'
          ? `Deactivate ${who}? Each is signed out everywhere at once; nothing of their history is deleted.`
          : `Reactivate ${who}? They can sign in again.`;
  const verb = { '': '', enrol: 'Enrol', move: 'Move', deactivate: 'Deactivate', reactivate: 'Reactivate' }[action];

  const ask = (event: FormEvent) => {
    event.preventDefault();
    if (!action) return setProblem('Choose an action.');
    if (action === 'enrol' && !subjectId) return setProblem('Choose the subject.');
    if (action === 'move' && !batchId) return setProblem('Choose the batch.');
    setProblem('');
    setConfirming(true);
  };

  const change = (): BulkChange =>
    action === 'enrol'
      ? { call: 'enrol', body: { ...selection, subject_id: subjectId, ...(batchId ? { batch_id: batchId } : {}) } }
      : action === 'move'
        ? { call: 'move', body: { ...selection, batch_id: batchId } }
        : { call: 'set_active', body: { ...selection, active: action === 'reactivate' } };

  const go = () =>
    run.mutate(change(), {
      onSuccess: (answer) => onDone({ ok: true, message: answer.message }),
      onError: (error) => {
        setConfirming(false);
        onDone({ ok: false, message: error.message });
      },
    });

  if (confirming)
    return (
      <div role="group" aria-labelledby="bulk-question" className="space-y-2 rounded-md bg-white p-3">
        <p id="bulk-question" className="font-medium">
          {question}
        </p>
        <div className="flex flex-wrap gap-2">
          <button
            ref={confirmRef}
            type="button"
            disabled={run.isPending}
            onClick={go}
            className={`w-full rounded-md px-3 py-2 font-medium text-white disabled:opacity-60 sm:w-auto ${action === 'deactivate' ? 'bg-red-700 hover:bg-red-800' : 'bg-slate-900 hover:bg-slate-700'}`}
          >
            {run.isPending ? 'Working…' : `${verb} ${who}`}
          </button>
          <button
            type="button"
            disabled={run.isPending}
            onClick={() => setConfirming(false)}
            className="w-full rounded-md border border-slate-400 px-3 py-2 font-medium hover:bg-slate-100 sm:w-auto"
          >
            Cancel
          </button>
        </div>
      </div>
    );

  const subjectBatches = batches.filter((b) => b.subject_id === subjectId);
  return (
    <form
      onSubmit={ask}
      noValidate
      aria-label="Bulk action"
      className="grid gap-3 sm:grid-cols-[repeat(3,minmax(0,12rem))_auto] sm:items-end"
    >
      <SelectField id="bulk-action" label="Action" value={action} onChange={(v) => setAction(v as Action)}>
        <option value="">Choose…</option>
        <option value="enrol">Enrol in a subject</option>
        <option value="move">Move to a batch</option>
        <option value="deactivate">Deactivate</option>
        <option value="reactivate">Reactivate</option>
      </SelectField>
      {action === 'enrol' ? (
        <>
          <SelectField
            id="bulk-subject"
            label="Subject"
            value={subjectId}
            onChange={(v) => {
              setSubjectId(Number(v));
              setBatchId(0);
            }}
          >
            <option value={0}>Choose…</option>
            {subjects.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </SelectField>
          <SelectField id="bulk-batch" label="Batch (optional)" value={batchId} onChange={(v) => setBatchId(Number(v))}>
            <option value={0}>No batch</option>
            {subjectBatches.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </SelectField>
        </>
      ) : action === 'move' ? (
        <SelectField id="bulk-batch" label="Batch" value={batchId} onChange={(v) => setBatchId(Number(v))}>
          <option value={0}>Choose…</option>
          {subjects.map((s) => (
            <optgroup key={s.id} label={s.name}>
              {batches
                .filter((b) => b.subject_id === s.id)
                .map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </SelectField>
      ) : null}
      <button
        type="submit"
        aria-describedby="bulk-problem"
        className="w-full rounded-md bg-slate-900 px-3 py-2 font-medium text-white hover:bg-slate-700 sm:w-auto"
      >
        Continue
      </button>
      <p id="bulk-problem" className="text-sm text-red-700 sm:col-span-full empty:hidden">
        {problem}
      </p>
    </form>
  );
}
