import type { ManagedNews } from '@portal/contract/console';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { SafeHtml } from '../../../components/safe-html/safe-html.tsx';
import { formatDateTime } from '../../../lib/date-time.ts';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useManagedNews, useNewsActions } from './api/news.ts';
import { NewsEditor } from './news-editor.tsx';

const statusStyle: Record<ManagedNews['status'], string> = {
  draft: 'bg-slate-200 text-slate-800',
  scheduled: 'bg-amber-100 text-amber-900',
  published: 'bg-green-100 text-green-800',
};
const statusName: Record<ManagedNews['status'], string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

/** /console/news: the institute's news and events, drafts included; write, publish, take back, delete. */
export default function NewsPage() {
  const news = useManagedNews();
  // null: the list; 'new': a new item; a number: that item open in the editor.
  const [editing, setEditing] = useState<'new' | number | null>(null);
  const open = typeof editing === 'number' ? (news.data?.find((item) => item.id === editing) ?? null) : null;
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="News and events" />
      {editing !== null ? (
        <NewsEditor key={editing} item={open} onDone={() => setEditing(null)} />
      ) : (
        <>
          <button
            type="button"
            onClick={() => setEditing('new')}
            className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700"
          >
            New item
          </button>
          <QueryState query={news} empty="No news yet. Write the first item.">
            {(items) => (
              <ul
                aria-label="News items"
                className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
              >
                {items.map((item) => (
                  <NewsRow key={item.id} item={item} onEdit={() => setEditing(item.id)} />
                ))}
              </ul>
            )}
          </QueryState>
        </>
      )}
    </div>
  );
}

function NewsRow({ item, onEdit }: { item: ManagedNews; onEdit: () => void }) {
  const { publish, remove } = useNewsActions();
  const when = item.published_at
    ? formatDateTime(item.published_at, 'dateTime')
    : `changed ${formatDateTime(item.updated_at, 'dateTime')}`;
  const act = (work: Promise<{ message: string }>) =>
    work.then((answer) => toast.success(answer.message)).catch((error: Error) => toast.error(error.message));
  const busy = publish.isPending || remove.isPending;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div className="min-w-0">
        <SafeHtml html={item.heading} kind="inline" as="span" className="font-medium text-slate-900" />
        <p className="text-sm text-slate-700">
          <span className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyle[item.status]}`}>
            {statusName[item.status]}
          </span>
          {when}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Edit ${plain(item.heading)}`}
          className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100"
        >
          Edit
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void act(publish.mutateAsync({ id: item.id, live: item.status === 'draft' }))}
          aria-label={`${item.status === 'draft' ? 'Publish' : 'Take back'} ${plain(item.heading)}`}
          className="rounded-md border border-slate-400 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 disabled:opacity-60"
        >
          {item.status === 'draft' ? 'Publish' : 'Take back'}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => {
            if (window.confirm(`Delete “${plain(item.heading)}”? Students will no longer see it.`))
              void act(remove.mutateAsync(item.id));
          }}
          aria-label={`Delete ${plain(item.heading)}`}
          className="rounded-md border border-red-300 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 disabled:opacity-60"
        >
          Delete
        </button>
      </div>
    </li>
  );
}

/** A heading without its markup, for button names and the confirmation. */
const plain = (html: string) => html.replace(/<[^>]*>/g, '');
