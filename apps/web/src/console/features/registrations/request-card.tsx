import type { RegistrationRequest } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../lib/date-time.ts';
import { fieldOf } from '../../lib/console-api.ts';
import { useApproveRegistration, useRejectRegistration } from './api/decide-registration.ts';

interface RequestCardProps {
  request: RegistrationRequest;
  subjects: { subject_id: number; name: string }[];
  batches: { batch_id: number; name: string; subject_id: number }[];
}

const buttonClass = 'rounded-md px-3 py-2 font-medium disabled:opacity-60';

/** One request: who asks, then either the subjects and batches to enrol them in (approve) or a reason (reject). */
export function RequestCard({ request, subjects, batches }: RequestCardProps) {
  const [chosen, setChosen] = useState<number[]>([]);
  const [chosenBatches, setChosenBatches] = useState<number[]>([]);
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ subjects?: string; reason?: string }>({});
  const approve = useApproveRegistration();
  const reject = useRejectRegistration();
  const busy = approve.isPending || reject.isPending;
  const id = `request-${request.request_id}`;

  const refused = (error: Error) => {
    const named = fieldOf(error.message);
    if (named?.field === 'subject_ids' || named?.field === 'batch_ids') setProblem({ subjects: named.problem });
    else if (named?.field === 'reason') setProblem({ reason: named.problem });
    else toast.error(named ? named.problem : error.message);
  };

  const submitApproval = (event: FormEvent) => {
    event.preventDefault();
    if (chosen.length === 0) return setProblem({ subjects: 'Choose at least one subject.' });
    setProblem({});
    approve.mutate(
      { request_id: request.request_id, subject_ids: chosen, batch_ids: chosenBatches },
      { onSuccess: (a) => toast.success(a.message), onError: refused },
    );
  };

  const submitRejection = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setProblem({ reason: 'Write the reason: the student gets it by SMS.' });
    setProblem({});
    reject.mutate(
      { request_id: request.request_id, reason },
      { onSuccess: (a) => toast.success(a.message), onError: refused },
    );
  };

  const toggle = (subjectId: number) =>
    setChosen((current) =>
      current.includes(subjectId) ? current.filter((s) => s !== subjectId) : [...current, subjectId],
    );
  // A batch's classes are reached through its subject: choosing a batch chooses its subject too.
  const toggleBatch = (batch: { batch_id: number; subject_id: number }) => {
    const on = !chosenBatches.includes(batch.batch_id);
    setChosenBatches(on ? [...chosenBatches, batch.batch_id] : chosenBatches.filter((b) => b !== batch.batch_id));
    if (on && !chosen.includes(batch.subject_id)) setChosen([...chosen, batch.subject_id]);
  };

  return (
    <article aria-labelledby={`${id}-name`} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <div>
        <h2 id={`${id}-name`} className="text-lg font-semibold">
          {request.name}
        </h2>
        <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="text-slate-600">Mobile</dt>
          <dd className="tabular-nums">{request.mobile}</dd>
          <dt className="text-slate-600">Father/Mother</dt>
          <dd>{request.guardian}</dd>
          <dt className="text-slate-600">Place</dt>
          <dd>
            {request.district}, {request.state}
          </dd>
          <dt className="text-slate-600">Email</dt>
          <dd className="break-all">{request.email || '—'}</dd>
          <dt className="text-slate-600">Academic level</dt>
          <dd>{request.academic_level}</dd>
          <dt className="text-slate-600">Asked on</dt>
          <dd>{formatDateTime(request.requested_at, 'dateTime')}</dd>
        </dl>
      </div>
      {rejecting ? (
        <form onSubmit={submitRejection} noValidate className="space-y-2">
          <label htmlFor={`${id}-reason`} className="block font-medium">
            Reason (sent to the student by SMS)
          </label>
          <textarea
            id={`${id}-reason`}
            value={reason}
            maxLength={300}
            onChange={(event) => setReason(event.target.value)}
            aria-invalid={problem.reason ? true : undefined}
            aria-describedby={`${id}-reason-problem`}
            className="w-full rounded-lg border border-slate-400 px-3 py-2"
          />
          <p id={`${id}-reason-problem`} className="min-h-5 text-sm text-red-700">
            {problem.reason}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={`${buttonClass} bg-red-700 text-white hover:bg-red-800`}>
              Reject {request.name}
            </button>
            <button
              type="button"
              onClick={() => setRejecting(false)}
              className={`${buttonClass} border border-slate-400`}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={submitApproval} noValidate className="space-y-2">
          <fieldset aria-describedby={`${id}-subjects-problem`}>
            <legend className="font-medium">Enrol in</legend>
            <div className="mt-1 space-y-1">
              {subjects.map((subject) => (
                <div key={subject.subject_id}>
                  <label className="flex items-center gap-2 py-1">
                    <input
                      type="checkbox"
                      checked={chosen.includes(subject.subject_id)}
                      onChange={() => toggle(subject.subject_id)}
                      className="size-4"
                    />
                    {subject.name}
                  </label>
                  <div className="flex flex-wrap gap-x-4 pl-6">
                    {batches
                      .filter((b) => b.subject_id === subject.subject_id)
                      .map((batch) => (
                        <label key={batch.batch_id} className="flex items-center gap-2 py-1 text-sm">
                          <input
                            type="checkbox"
                            checked={chosenBatches.includes(batch.batch_id)}
                            onChange={() => toggleBatch(batch)}
                            className="size-4"
                          />
                          {batch.name}
                        </label>
                      ))}
                  </div>
                </div>
              ))}
            </div>
          </fieldset>
          <p id={`${id}-subjects-problem`} className="min-h-5 text-sm text-red-700">
            {problem.subjects}
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={`${buttonClass} bg-blue-700 text-white hover:bg-blue-800`}>
              Approve {request.name}
            </button>
            <button
              type="button"
              onClick={() => setRejecting(true)}
              className={`${buttonClass} border border-slate-400`}
            >
              Reject…
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
