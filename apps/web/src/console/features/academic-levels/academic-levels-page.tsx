import type { ManagedLevel } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { TextField } from '../../components/text-field.tsx';
import { fieldOf, problemSentence } from '../../lib/console-api.ts';
import { useAddLevel, useLevels, useUpdateLevel } from './api/academic-levels.ts';

/** /console/academic-levels (admins): the register form's select. Levels are retired, never deleted. */
export default function AcademicLevelsPage() {
  const levels = useLevels();
  return (
    <div className="space-y-8">
      <ConsolePageHeading title="Academic levels" />
      <p className="text-slate-700">
        The register form offers the active levels, in this order. A retired level stays on old requests.
      </p>
      <QueryState query={levels} empty="No academic levels yet: the register form cannot be sent until you add one.">
        {(list) => (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {list.map((level) => (
              <LevelRow key={level.level_id} level={level} />
            ))}
          </ul>
        )}
      </QueryState>
      <AddLevelForm />
    </div>
  );
}

function LevelRow({ level }: { level: ManagedLevel }) {
  const update = useUpdateLevel();
  const [name, setName] = useState(level.name);
  const [problem, setProblem] = useState<string>();
  const change = (body: { name?: string; active?: boolean }) =>
    update.mutate(
      { level_id: level.level_id, ...body },
      {
        onSuccess: (answer) => {
          setProblem(undefined);
          toast.success(answer.message);
        },
        onError: (error) => {
          const named = fieldOf(error.message);
          if (named?.field === 'name') setProblem(problemSentence('name', named.problem));
          else toast.error(error.message);
        },
      },
    );
  const rename = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() && name.trim() !== level.name) change({ name });
  };
  return (
    <li className="grid gap-2 p-4 sm:grid-cols-[1fr_auto] sm:items-start">
      <form onSubmit={rename} className="flex flex-wrap items-start gap-2">
        <div className="min-w-48 flex-1">
          <TextField
            id={`level-${level.level_id}`}
            label={`Name of level ${level.name}`}
            value={name}
            onChange={setName}
            problem={problem}
          />
        </div>
        <button
          type="submit"
          disabled={update.isPending}
          className="mt-7 rounded-md border border-slate-400 px-3 py-2 text-sm font-medium"
        >
          Rename
        </button>
      </form>
      <div className="flex items-center gap-2 sm:mt-7">
        {level.active ? null : (
          <span className="rounded bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800">Retired</span>
        )}
        <button
          type="button"
          disabled={update.isPending}
          onClick={() => change({ active: !level.active })}
          aria-label={`${level.active ? 'Retire' : 'Restore'} ${level.name}`}
          className="rounded-md border border-slate-400 px-3 py-2 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
        >
          {level.active ? 'Retire' : 'Restore'}
        </button>
      </div>
    </li>
  );
}

function AddLevelForm() {
  const add = useAddLevel();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setProblem('Write the level, e.g. Class 10.');
    add.mutate(name, {
      onSuccess: (answer) => {
        setName('');
        setProblem(undefined);
        toast.success(answer.message);
      },
      onError: (error) => {
        const named = fieldOf(error.message);
        setProblem(named ? problemSentence('name', named.problem) : error.message);
      },
    });
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-labelledby="add-level-heading"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="add-level-heading" className="text-lg font-semibold">
        Add a level
      </h2>
      <TextField id="new-level" label="Level" value={name} onChange={setName} problem={problem} />
      <button
        type="submit"
        disabled={add.isPending}
        className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        Add level
      </button>
    </form>
  );
}
