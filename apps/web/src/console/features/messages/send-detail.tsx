import type { MessageSend, RecipientStatus } from '@portal/contract/console';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/date-time.ts';
import { QueryState } from '../../components/query-state.tsx';
import { useSend } from './api/messages.ts';

const statusNames: Record<RecipientStatus, string> = { queued: 'Waiting', sent: 'Sent', failed: 'Failed' };
const statusColours: Record<RecipientStatus, string> = {
  queued: 'bg-slate-200 text-slate-800',
  sent: 'bg-green-100 text-green-900',
  failed: 'bg-red-100 text-red-900',
};

/** "8 sent, 1 failed, 2 waiting". */
export const progress = (send: MessageSend) =>
  `${send.sent} sent, ${send.failed} failed${send.queued ? `, ${send.queued} waiting` : ''}`;

/** One send: its text, its progress (asked again while it runs) and each recipient's status. */
const RECIPIENT_COLUMNS = ['Student', 'Number', 'Status', 'Tries', 'Reason', 'Sent'] as const;

export function SendDetail({ id }: { id: number }) {
  const shown = useSend(id);
  return (
    <div className="space-y-4">
      <Link href="/messages" className="text-blue-800 underline">
        All messages
      </Link>
      <QueryState query={shown} isEmpty={() => false} empty="">
        {({ send, recipients }) => (
          <>
            <section aria-labelledby="send-heading" className="space-y-1">
              <h2 id="send-heading" className="text-lg font-semibold">
                {send.template_name} to {send.recipients} {send.recipients === 1 ? 'student' : 'students'}
              </h2>
              <p className="break-words text-slate-800">{send.text}</p>
              <p className="text-sm text-slate-600">
                {formatDateTime(send.created_at, 'dateTime')} by {send.sent_by}
                {send.source ? ` · ${send.source}` : ''}
              </p>
              <p role="status" className="font-medium">
                {send.finished_at ? 'Finished: ' : 'Sending: '}
                {progress(send)}
              </p>
            </section>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[36rem] border-collapse text-left">
                <caption className="sr-only">Each student&apos;s text</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    {RECIPIENT_COLUMNS.map((name) => (
                      <th key={name} scope="col" className="p-2">
                        {name}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {recipients.map((r) => (
                    <tr key={r.student_id} className="border-b border-slate-200">
                      <td className="p-2">{r.student_name}</td>
                      <td className="p-2">{r.mobile}</td>
                      <td className="p-2">
                        <span className={`rounded px-2 py-0.5 text-sm font-medium ${statusColours[r.status]}`}>
                          {statusNames[r.status]}
                        </span>
                      </td>
                      <td className="p-2">{r.attempts}</td>
                      <td className="p-2">{r.reason}</td>
                      <td className="p-2">{r.sent_at ? formatDateTime(r.sent_at, 'time') : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
