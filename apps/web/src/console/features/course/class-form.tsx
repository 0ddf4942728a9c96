import type { ScheduledClass } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/text-field.tsx';
import { showRefusal } from '../../lib/show-refusal.ts';
import { useScheduleActions } from './api/schedule.ts';
import { FormButtons } from './item-actions.tsx';

type ClassFormProps =
  | { batchId: number; timeZone: string; live?: undefined; onDone?: undefined }
  | { batchId?: undefined; timeZone: string; live: ScheduledClass; onDone: () => void };

/** Schedules a class in a batch (with weekly repeats), or changes one; the time is on the institute's clock. */
export function ClassForm({ batchId, timeZone, live, onDone }: ClassFormProps) {
  const { addClasses, saveClass } = useScheduleActions();
  const [name, setName] = useState(live?.class_name ?? '');
  const [tutor, setTutor] = useState(live?.tutor_name ?? '');
  const [date, setDate] = useState(live?.starts_local.slice(0, 10) ?? '');
  const [time, setTime] = useState(live?.starts_local.slice(11, 16) ?? '');
  const [duration, setDuration] = useState(String(live?.duration_minutes ?? 60));
  const [link, setLink] = useState(live?.online_url ?? '');
  const [repeat, setRepeat] = useState('0');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const key = live ? `class-${live.id}` : `new-class-${batchId}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblems({});
    const fields = {
      class_name: name,
      tutor_name: tutor,
      online_url: link,
      starts_at: `${date}T${time}`,
      duration_minutes: Number(duration),
    };
    try {
      const answer = live
        ? await saveClass.mutateAsync({ id: live.id, ...fields })
        : await addClasses.mutateAsync({ batch_id: batchId, ...fields, repeat_weeks: Number(repeat) });
      toast.success(answer.message);
      if (onDone) onDone();
      else {
        setName('');
        setDate('');
        setRepeat('0');
      }
    } catch (error) {
      showRefusal(error, setProblems);
    }
  };

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={live ? `Edit ${live.class_name}` : 'Schedule a class'}
      className="space-y-3 rounded-md bg-slate-50 p-3"
    >
      {live ? null : <p className="font-medium">Schedule a class</p>}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <TextField
          id={`${key}-name`}
          label="Class name"
          value={name}
          onChange={setName}
          problem={problems.class_name}
        />
        <TextField id={`${key}-tutor`} label="Tutor" value={tutor} onChange={setTutor} problem={problems.tutor_name} />
        <TextField
          id={`${key}-date`}
          label="Date"
          type="date"
          value={date}
          onChange={setDate}
          problem={problems.starts_at}
        />
        <TextField id={`${key}-time`} label={`Time (${timeZone})`} type="time" value={time} onChange={setTime} />
        <TextField
          id={`${key}-duration`}
          label="Length in minutes"
          type="number"
          value={duration}
          onChange={setDuration}
          problem={problems.duration_minutes}
        />
        {live ? null : (
          <TextField
            id={`${key}-repeat`}
            label="Repeat weekly for more weeks"
            hint="0: this one class only; 11: twelve weeks in all."
            type="number"
            value={repeat}
            onChange={setRepeat}
            problem={problems.repeat_weeks}
          />
        )}
      </div>
      <TextField
        id={`${key}-link`}
        label="Meeting link"
        hint="The https address students open to join."
        type="url"
        value={link}
        onChange={setLink}
        problem={problems.online_url}
      />
      <FormButtons
        submit={live ? 'Save class' : 'Schedule'}
        busy={addClasses.isPending || saveClass.isPending}
        onCancel={onDone}
      />
    </form>
  );
}
