interface Named {
  id: number;
  name: string;
}

export interface EnrolmentChoice {
  subjectIds: Set<number>;
  batchIds: Set<number>;
}

const toggle = (set: Set<number>, id: number, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(id);
  else next.delete(id);
  return next;
};

/** The subjects and, under each, its batches as checkboxes: ticking a batch ticks its subject too. */
export function EnrolmentChoices({
  subjects,
  batches,
  value,
  onChange,
}: {
  subjects: Named[];
  batches: (Named & { subject_id: number })[];
  value: EnrolmentChoice;
  onChange: (value: EnrolmentChoice) => void;
}) {
  return subjects.map((subject) => (
    <div key={subject.id} className="rounded-lg border border-slate-200 p-3">
      <label className="flex items-center gap-2 font-medium">
        <input
          type="checkbox"
          checked={value.subjectIds.has(subject.id)}
          onChange={(event) =>
            onChange({ ...value, subjectIds: toggle(value.subjectIds, subject.id, event.target.checked) })
          }
          className="size-4"
        />
        {subject.name}
      </label>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1 pl-6">
        {batches
          .filter((b) => b.subject_id === subject.id)
          .map((batch) => (
            <label key={batch.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                checked={value.batchIds.has(batch.id)}
                onChange={(event) =>
                  onChange({
                    batchIds: toggle(value.batchIds, batch.id, event.target.checked),
                    subjectIds: event.target.checked ? toggle(value.subjectIds, subject.id, true) : value.subjectIds,
                  })
                }
                className="size-4"
              />
              {batch.name}
            </label>
          ))}
      </div>
    </div>
  ));
}
