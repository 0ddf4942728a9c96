import { SelectField } from '../../components/select-field.tsx';

/** Which list to show (as pressed buttons) and for which batch, above every by-name list. */
export function ListControls<List extends string>({
  id,
  lists,
  list,
  onList,
  batches,
  batchId,
  onBatch,
}: {
  id: string;
  lists: { value: List; label: string }[];
  list: List;
  onList: (list: List) => void;
  batches: { id: number; name: string }[];
  batchId: number | null;
  onBatch: (batchId: number | null) => void;
}) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div role="group" aria-label="Which students" className="flex flex-wrap gap-2">
        {lists.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={list === option.value}
            onClick={() => onList(option.value)}
            className="rounded-full border border-slate-400 px-3 py-1.5 text-sm aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white"
          >
            {option.label}
          </button>
        ))}
      </div>
      <SelectField
        id={`${id}-batch`}
        label="Batch"
        value={batchId ?? ''}
        fullWidth={false}
        onChange={(value) => onBatch(value ? Number(value) : null)}
      >
        <option value="">All students of the subject</option>
        {batches.map((batch) => (
          <option key={batch.id} value={batch.id}>
            {batch.name}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
