import type { ManagedNews } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { SafeHtml } from '../../../components/safe-html/safe-html.tsx';
import { FileUpload } from '../../components/file-upload.tsx';
import { TextField } from '../../components/text-field.tsx';
import { isoToZoned, zonedToIso } from '../../lib/institute-time.ts';
import { INSTITUTE_TIME_ZONE } from '../../../lib/date-time.ts';
import { showRefusal } from '../../lib/show-refusal.ts';
import { useNewsActions } from './api/news.ts';
import { NewsBodyField } from './news-body-field.tsx';

const button = 'rounded-md px-4 py-2 font-medium disabled:opacity-60';

/** Writes one item (a new one when `item` is null), shows how students will see it, and publishes or takes it back. */
export function NewsEditor({ item, onDone }: { item: ManagedNews | null; onDone: () => void }) {
  const [heading, setHeading] = useState(item?.heading ?? '');
  const [body, setBody] = useState(item?.body ?? '');
  const [image, setImage] = useState(item?.image ?? '');
  const [publishAt, setPublishAt] = useState(
    item?.status === 'scheduled' && item.published_at ? isoToZoned(item.published_at, INSTITUTE_TIME_ZONE) : '',
  );
  const [notify, setNotify] = useState(false);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const { save, publish } = useNewsActions();

  const store = async (then?: 'publish') => {
    setProblems({});
    try {
      const saved = (await save.mutateAsync({ id: item?.id, heading, body, image })).data;
      if (then === 'publish')
        toast.success(
          (
            await publish.mutateAsync({
              id: saved.id,
              live: true,
              notify,
              ...(publishAt ? { at: zonedToIso(publishAt, INSTITUTE_TIME_ZONE) } : {}),
            })
          ).message,
        );
      else toast.success(item ? 'The item is saved.' : 'The draft is saved.');
      onDone();
    } catch (error) {
      showRefusal(error, setProblems);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void store();
  };
  const busy = save.isPending || publish.isPending;

  return (
    <form
      onSubmit={submit}
      aria-label={item ? 'Edit news item' : 'New news item'}
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
    >
      <TextField id="news-heading" label="Heading" value={heading} onChange={setHeading} problem={problems.heading} />
      <NewsBodyField initialHtml={item?.body ?? ''} onChange={setBody} problem={problems.body} />
      <div className="space-y-2">
        {image ? (
          <div className="flex flex-wrap items-center gap-3">
            <img
              src={image}
              alt="The item's picture"
              width={96}
              height={64}
              className="h-16 w-24 rounded-md object-cover"
            />
            <button
              type="button"
              onClick={() => setImage('')}
              className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
            >
              Remove the picture
            </button>
          </div>
        ) : null}
        <FileUpload
          id="news-picture"
          label={image ? 'Another picture (optional)' : 'Picture (optional)'}
          kind="picture"
          hint="PNG, JPEG or WebP, at most a few hundred KB: students on mobile data load it."
          onUploaded={(answer) => setImage(answer.address)}
        />
        {problems.image ? <p className="text-sm text-red-700">{problems.image}</p> : null}
      </div>
      {item?.status === 'published' ? null : (
        <TextField
          id="news-publish-at"
          label="Publish at (optional)"
          hint={`Institute time (${INSTITUTE_TIME_ZONE}). Empty: 'Save and publish' publishes at once; a time ahead schedules it.`}
          type="datetime-local"
          value={publishAt}
          onChange={setPublishAt}
          problem={problems.at}
        />
      )}
      {item?.status === 'published' ? null : (
        <div className="flex items-start gap-2">
          <input
            id="news-notify"
            type="checkbox"
            checked={notify}
            onChange={(event) => setNotify(event.target.checked)}
            aria-describedby="news-notify-hint"
            className="mt-1 h-5 w-5"
          />
          <div>
            <label htmlFor="news-notify" className="font-medium">
              Notify students when it is published
            </label>
            <p id="news-notify-hint" className="text-sm text-slate-600">
              A notification on the phones of students who turned reminders on in the app, once, with the heading.
            </p>
          </div>
        </div>
      )}
      <section aria-labelledby="news-preview-heading" className="rounded-lg border border-dashed border-slate-300 p-3">
        <h2 id="news-preview-heading" className="mb-2 text-sm font-medium text-slate-600">
          How students will see it
        </h2>
        <SafeHtml html={heading} kind="inline" as="h2" className="text-lg font-semibold" />
        <SafeHtml html={body} kind="rich" className="mt-2" />
      </section>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={`${button} border border-slate-400 hover:bg-slate-100`}>
          {item ? 'Save' : 'Save draft'}
        </button>
        {item?.status !== 'published' ? (
          <button
            type="button"
            disabled={busy}
            onClick={() => void store('publish')}
            className={`${button} bg-slate-900 text-white hover:bg-slate-700`}
          >
            {publishAt ? 'Save and schedule' : 'Save and publish'}
          </button>
        ) : null}
        <button type="button" onClick={onDone} className={`${button} text-blue-800 underline underline-offset-2`}>
          Cancel
        </button>
      </div>
    </form>
  );
}
