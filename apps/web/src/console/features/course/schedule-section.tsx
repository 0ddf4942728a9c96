import type { ScheduledBatch, ScheduledClass } from '@portal/contract/console';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { formatDateTime } from '../../../lib/date-time.ts';
import { QueryState } from '../../components/query-state.tsx';
import { useSchedule, useScheduleActions } from './api/schedule.ts';
import { ClassForm } from './class-form.tsx';
import { ClassRemindersLine } from './class-reminders-line.tsx';
import { announce, dangerButton, smallButton } from './item-actions.tsx';
import { NameForm } from './name-form.tsx';

/** A subject's batches and their live classes from three days ago on: schedule, change, cancel. */
export function ScheduleSection({ subjectId }: { subjectId: number }) {
  const schedule = useSchedule(subjectId);
  const { saveBatch } = useScheduleActions();
  return (
    <section aria-labelledby="schedule-heading" className="space-y-4">
      <h2 id="schedule-heading" className="text-xl font-semibold">
        Batches and live classes
      </h2>
      <QueryState query={schedule} empty="" isEmpty={() => false}>
        {({ time_zone, batches, reminders }) => (
          <>
            <ClassRemindersLine reminders={reminders} />
            {batches.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
                No batches yet. Add one to schedule its classes.
              </p>
            ) : null}
            {batches.map((batch) => (
              <BatchSection key={batch.id} batch={batch} timeZone={time_zone} />
            ))}
          </>
        )}
      </QueryState>
      <div className="rounded-lg border border-slate-200 bg-white p-4">
        <NameForm
          id="new-batch-name"
          label="New batch name"
          submit="Add batch"
          onSave={async (name) => toast.success((await saveBatch.mutateAsync({ subject_id: subjectId, name })).message)}
        />
      </div>
    </section>
  );
}

function BatchSection({ batch, timeZone }: { batch: ScheduledBatch; timeZone: string }) {
  const { deleteBatch } = useScheduleActions();
  const headingId = `batch-${batch.id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-lg font-semibold">
          {batch.name}
        </h3>
        <button
          type="button"
          disabled={deleteBatch.isPending}
          onClick={() => {
            if (window.confirm(`Delete the batch ${batch.name}? Only a batch with no classes can be deleted.`))
              void announce(deleteBatch.mutateAsync(batch.id));
          }}
          aria-label={`Delete ${batch.name}`}
          className={dangerButton}
        >
          Delete
        </button>
      </div>
      {batch.classes.length === 0 ? <p className="text-sm text-slate-600">No classes from three days ago on.</p> : null}
      <ul aria-label={`Classes of ${batch.name}`} className="divide-y divide-slate-200">
        {batch.classes.map((live) => (
          <ClassRow key={live.id} live={live} timeZone={timeZone} />
        ))}
      </ul>
      <ClassForm batchId={batch.id} timeZone={timeZone} />
    </section>
  );
}

function ClassRow({ live, timeZone }: { live: ScheduledClass; timeZone: string }) {
  const { deleteClass } = useScheduleActions();
  const [editing, setEditing] = useState(false);
  const when = `${formatDateTime(live.starts_at, 'weekdayDate', { locale: 'en-IN', timeZone })}, ${formatDateTime(live.starts_at, 'time', { locale: 'en-IN', timeZone })}`;
  const label = `${live.class_name} on ${when}`;
  return (
    <li className="space-y-2 py-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium">{live.class_name}</p>
          <p className="text-sm text-slate-700">
            {when} · {live.duration_minutes} min · {live.tutor_name}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => setEditing(!editing)}
            aria-label={`Edit ${label}`}
            className={smallButton}
          >
            Edit
          </button>
          <button
            type="button"
            disabled={deleteClass.isPending}
            onClick={() => {
              if (window.confirm(`Cancel ${label}? Students will no longer see it.`))
                void announce(deleteClass.mutateAsync(live.id));
            }}
            aria-label={`Cancel class ${label}`}
            className={dangerButton}
          >
            Cancel class
          </button>
        </div>
      </div>
      {editing ? <ClassForm live={live} timeZone={timeZone} onDone={() => setEditing(false)} /> : null}
    </li>
  );
}
