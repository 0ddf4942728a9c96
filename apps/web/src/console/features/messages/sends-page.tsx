import { Link, useSearch } from 'wouter';
import { formatDateTime } from '../../../lib/date-time.ts';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useSends } from './api/messages.ts';
import { progress, SendDetail } from './send-detail.tsx';

/** /console/messages: the latest sends and how each went; `?send=<id>` opens one with every recipient's status. */
export default function SendsPage() {
  const sendId = Number(new URLSearchParams(useSearch()).get('send')) || null;
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Messages">
        <Link
          href="/messages/new"
          className="rounded-md bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800"
        >
          New message
        </Link>
      </ConsolePageHeading>
      {sendId ? <SendDetail id={sendId} /> : <SendList />}
    </div>
  );
}

function SendList() {
  const sends = useSends();
  return (
    <QueryState query={sends} empty="No messages sent yet.">
      {(list) => (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {list.map((send) => (
            <li key={send.id} className="space-y-1 p-4">
              <Link href={`/messages?send=${send.id}`} className="font-semibold text-blue-800 underline">
                {send.template_name} to {send.recipients} {send.recipients === 1 ? 'student' : 'students'}
              </Link>
              <p className="break-words text-slate-800">{send.text}</p>
              <p className="text-sm text-slate-600">
                {formatDateTime(send.created_at, 'dateTime')} by {send.sent_by}
                {send.source ? ` · ${send.source}` : ''} · {progress(send)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}
