import type { MessageSend, RecipientStatus } from '@portal/contract/console';
import { Link } from 'wouter';
import { formatDateTime } from '../../../lib/date-time.ts';
import { QueryState } from '../../components/query-state.tsx';
import { Table } from '../../components/table-or-cards.tsx';
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

const RECIPIENT_COLUMNS = ['Student', 'Number', 'Status', 'Tries', 'Reason', 'Sent at'] as const;

/**
 * One send: its text, its progress (asked again while it runs) and each recipient's status, as a table on a wider
 * screen and a card per student on a phone (decision 060).
 */
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
            <Table
              caption="Each student's text"
              head={[...RECIPIENT_COLUMNS]}
              rows={recipients.map((r) => ({
                key: r.student_id,
                cells: [
                  r.student_name,
                  r.mobile,
                  <span key="status" className={`rounded px-2 py-0.5 font-medium ${statusColours[r.status]}`}>
                    {statusNames[r.status]}
                  </span>,
                  r.attempts,
                  r.reason,
                  r.sent_at ? formatDateTime(r.sent_at, 'time') : '',
                ],
              }))}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
