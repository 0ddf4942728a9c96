import type { DeletedItem } from '@portal/contract/console';
import toast from 'react-hot-toast';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/date-time.ts';
import { Loader } from '../../../components/status-views.tsx';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { fieldOf } from '../../lib/console-api.ts';
import { type DeletedKind, useDeletedItems, useRestoreItem } from './api/deleted-items.ts';

const kinds: { kind: DeletedKind; heading: string; kept: (n: number) => string }[] = [
  { kind: 'topic', heading: 'Topics', kept: (n) => `watched by ${n} student${n === 1 ? '' : 's'}` },
  { kind: 'quiz', heading: 'Quizzes', kept: (n) => `${n} attempt${n === 1 ? '' : 's'} kept` },
];

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** /console/course/deleted: topics and quizzes hidden by "Delete" (students had used them), each with "Restore". */
export default function DeletedItemsPage() {
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Deleted items">
        <Link href="/course" className="font-medium text-blue-800 underline">
          Back to courses
        </Link>
      </ConsolePageHeading>
      <p className="text-slate-700">
        A topic students watched or a quiz they took is hidden when deleted, not erased. Restore puts it back where it
        was, with its watch history or attempts.
      </p>
      {kinds.map((k) => (
        <DeletedList key={k.kind} {...k} />
      ))}
    </div>
  );
}

function DeletedList({ kind, heading, kept }: (typeof kinds)[number]) {
  const items = useDeletedItems(kind);
  const restore = useRestoreItem(kind);
  const headingId = `deleted-${kind}-heading`;
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      {items.isPending ? (
        <Loader />
      ) : items.isError ? (
        <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="text-red-800">{items.error.message}</p>
          <button
            type="button"
            onClick={() => void items.refetch()}
            className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium"
          >
            Try again
          </button>
        </div>
      ) : items.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-4 text-slate-600">
          No deleted {heading.toLowerCase()}.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {items.data.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
              <Described item={item} kept={kept(item.kept)} />
              <button
                type="button"
                aria-label={`Restore ${item.name}`}
                disabled={restore.isPending}
                onClick={() =>
                  restore.mutate(item.id, {
                    onSuccess: (answer) => toast.success(answer.message),
                    onError: (error) => toast.error(sentence(fieldOf(error.message)?.problem ?? error.message)),
                  })
                }
                className="rounded-md border border-slate-400 px-3 py-1.5 font-medium hover:bg-slate-100 disabled:opacity-60"
              >
                Restore
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Described({ item, kept }: { item: DeletedItem; kept: string }) {
  return (
    <div className="min-w-0">
      <p className="font-medium break-words">{item.name}</p>
      <p className="text-sm text-slate-600">
        {item.subject_name} › {item.chapter_name} · deleted {formatDateTime(item.deleted_at, 'dateTime')} · {kept}
      </p>
    </div>
  );
}
