import { BULK_LIMIT, type RosterFilter } from '@portal/contract/console';
import { useLocation } from 'wouter';
import { useStudentCount } from './api/count-students.ts';
import { BulkActionForm, type Named } from './bulk-action-form.tsx';
import { numberSaid as number, studentsSaid } from './students-said.ts';

/** Students ticked one by one (across pages), or all that match the roster's filter. */
export type Chosen = { kind: 'ids'; ids: Set<number> } | { kind: 'all' };

/**
 * What is selected, "Select all N that match", and the actions on them. Shown while something is selected; the
 * count of "all that match" is asked then, bounded by the server at one past the bulk limit.
 */
export function SelectionBar({
  chosen,
  filter,
  subjects,
  batches,
  canMessage,
  onChoose,
  onDone,
}: {
  chosen: Chosen;
  filter: RosterFilter;
  subjects: Named[];
  batches: (Named & { subject_id: number })[];
  canMessage: boolean;
  onChoose: (chosen: Chosen) => void;
  onDone: (result: { ok: boolean; message: string }) => void;
}) {
  const count = useStudentCount(filter, true);
  const [, navigate] = useLocation();
  const matching = count.data?.matching;
  const selected = chosen.kind === 'ids' ? chosen.ids.size : matching;
  const overLimit = chosen.kind === 'ids' ? chosen.ids.size > BULK_LIMIT : count.data?.over_limit === true;
  // A whole batch goes to the message page as the batch; anything else as the students' ids. The batch's own subject
  // chosen too (as a clerk narrows the batch list to a subject first) is still the whole batch: its members are the
  // students still enrolled in its subject.
  const batchSubject = batches.find((batch) => batch.id === filter.batch_id)?.subject_id;
  const onlyBatch =
    filter.batch_id !== undefined &&
    !filter.q &&
    (filter.subject_id === undefined || filter.subject_id === batchSubject) &&
    filter.status !== 'inactive';

  const message = () => {
    if (chosen.kind === 'ids') navigate('/messages/new', { state: { studentIds: [...chosen.ids] } });
    else if (onlyBatch) navigate(`/messages/new?batch=${filter.batch_id}`);
  };

  return (
    <section aria-label="Selected students" className="space-y-3 rounded-lg border border-blue-200 bg-blue-50 p-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="font-semibold">
          {chosen.kind === 'ids'
            ? `${studentsSaid(chosen.ids.size)} selected`
            : matching === undefined
              ? 'Counting the students that match…'
              : `All ${studentsSaid(matching)} that match are selected`}
        </p>
        {chosen.kind === 'ids' && matching !== undefined && matching > chosen.ids.size && !count.data?.over_limit ? (
          <button
            type="button"
            onClick={() => onChoose({ kind: 'all' })}
            className="font-medium text-blue-800 underline"
          >
            Select all {number(matching)} that match
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => onChoose({ kind: 'ids', ids: new Set() })}
          className="font-medium text-blue-800 underline"
        >
          Clear selection
        </button>
      </div>
      {count.isError ? (
        <p role="alert" className="text-red-800">
          Could not count the students that match: {count.error.message}
        </p>
      ) : null}
      {count.data?.over_limit ? (
        <p className="text-slate-800">
          More than {number(BULK_LIMIT)} students match. One action changes at most {number(BULK_LIMIT)}: narrow the
          filter (a subject or a batch) to act on all of them.
        </p>
      ) : null}
      {selected !== undefined && !overLimit ? (
        <BulkActionForm
          count={selected}
          selection={chosen.kind === 'ids' ? { student_ids: [...chosen.ids] } : { filter, expected: selected }}
          subjects={subjects}
          batches={batches}
          onDone={onDone}
        />
      ) : null}
      {canMessage ? (
        chosen.kind === 'ids' || onlyBatch ? (
          <button
            type="button"
            onClick={message}
            className="w-full rounded-md border border-slate-500 bg-white px-3 py-2 font-medium hover:bg-slate-100 sm:w-auto"
          >
            Message {chosen.kind === 'ids' ? studentsSaid(chosen.ids.size) : 'this batch'}
          </button>
        ) : (
          <p className="text-sm text-slate-700">
            To message everyone that matches, filter by one batch alone, or tick the students.
          </p>
        )
      ) : null}
    </section>
  );
}
