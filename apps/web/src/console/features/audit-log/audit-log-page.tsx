import type { AuditEntry } from '@portal/contract/console';
import { type FormEvent, useState } from 'react';
import { formatDateTime } from '../../../lib/date-time.ts';
import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useStaff } from '../../lib/staff-list.ts';
import { type AuditFilters, useAuditLog } from './api/list-audit-log.ts';
import { actionName, knownActions } from './action-names.ts';
import { changedFields, shown } from './changed-fields.ts';

const fieldClass = 'w-full rounded-lg border border-slate-400 bg-white px-3 py-2';

/** /console/audit-log (admins): every change staff made, who and when, and what it changed; filtered and paged. */
export default function AuditLogPage() {
  const [filters, setFilters] = useState<AuditFilters>({});
  const log = useAuditLog(filters);
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Audit log" />
      <p className="text-slate-700">
        Every change made in the console or at the server, newest first. Nothing here can be edited or deleted.
      </p>
      <FilterForm onApply={setFilters} />
      <QueryState query={log} empty={filtered ? 'No changes match these filters.' : 'No changes recorded yet.'}>
        {(entries) => (
          <>
            <ol aria-label="Changes" className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {entries.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </ol>
            {log.hasNextPage ? (
              <button
                type="button"
                onClick={() => void log.fetchNextPage()}
                disabled={log.isFetchingNextPage}
                aria-busy={log.isFetchingNextPage}
                className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 disabled:opacity-60"
              >
                {log.isFetchingNextPage ? 'Loading...' : 'Load more'}
              </button>
            ) : null}
          </>
        )}
      </QueryState>
    </div>
  );
}

function FilterForm({ onApply }: { onApply: (filters: AuditFilters) => void }) {
  const staff = useStaff();
  const [who, setWho] = useState('');
  const [action, setAction] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onApply({
      staff_id: who ? Number(who) : undefined,
      action: action.trim() || undefined,
      from: from || undefined,
      to: to || undefined,
    });
  };
  return (
    <form
      onSubmit={apply}
      aria-label="Filters"
      className="grid grid-cols-1 gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
    >
      <SelectField id="audit-who" label="Who" value={who} onChange={setWho}>
        <option value="">Anyone</option>
        {(staff.data ?? []).map((member) => (
          <option key={member.staff_id} value={member.staff_id}>
            {member.name} ({member.role})
          </option>
        ))}
      </SelectField>
      <div className="space-y-1">
        <label htmlFor="audit-action" className="block font-medium">
          What
        </label>
        <input
          id="audit-action"
          list="audit-actions"
          value={action}
          onChange={(event) => setAction(event.target.value)}
          placeholder="student.deactivate"
          className={fieldClass}
        />
        <datalist id="audit-actions">
          {knownActions.map((known) => (
            <option key={known} value={known}>
              {actionName(known)}
            </option>
          ))}
        </datalist>
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-from" className="block font-medium">
          From
        </label>
        <input
          id="audit-from"
          type="date"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          className={fieldClass}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor="audit-to" className="block font-medium">
          To
        </label>
        <input
          id="audit-to"
          type="date"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          className={fieldClass}
        />
      </div>
      <button type="submit" className="rounded-md bg-slate-900 px-4 py-2 font-medium text-white hover:bg-slate-700">
        Show changes
      </button>
    </form>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const fields = changedFields(entry.before, entry.after);
  return (
    // A long address (an upload's /media/uploads/…) breaks anywhere rather than widening a phone's screen.
    <li className="p-4 [overflow-wrap:anywhere]">
      <details>
        <summary className="cursor-pointer">
          <span className="font-medium text-slate-900">{actionName(entry.action)}</span>
          {entry.label ? <span className="text-slate-700">: {entry.label}</span> : null}
          <span className="block text-sm text-slate-600">
            {entry.actor} · <time dateTime={entry.at}>{formatDateTime(entry.at, 'dateTime')}</time>
          </span>
        </summary>
        {/* The codes, for the filter's "What" and for anyone matching the log with the server's. */}
        <p className="mt-2 text-sm text-slate-600">
          {entry.action} · {entry.entity}
          {entry.entity_id ? ` ${entry.entity_id}` : ''}
        </p>
        {fields.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">No field changed.</p>
        ) : (
          <div
            tabIndex={0}
            role="region"
            aria-label="What changed"
            className="mt-3 overflow-x-auto focus-visible:outline-2 focus-visible:outline-blue-700"
          >
            <table className="w-full text-left text-sm">
              <caption className="sr-only">What changed</caption>
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-4 font-medium">
                    Before
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    After
                  </th>
                </tr>
              </thead>
              <tbody>
                {fields.map((field) => (
                  <tr key={field.field} className="border-t border-slate-100 align-top">
                    <th scope="row" className="py-1 pr-4 font-medium">
                      {field.field}
                    </th>
                    <td className="break-all py-1 pr-4 text-red-800">{shown(field.before)}</td>
                    <td className="break-all py-1 text-green-800">{shown(field.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </details>
    </li>
  );
}
