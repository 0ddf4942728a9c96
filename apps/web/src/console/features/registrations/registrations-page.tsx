import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { Loader } from '../../../components/status-views.tsx';
import { useRegistrations } from './api/get-registrations.ts';
import { RequestCard } from './request-card.tsx';

/** /console/registrations (admins): requests whose number is proved, oldest first, each approved or rejected. */
export default function RegistrationsPage() {
  const query = useRegistrations();
  return (
    <div className="space-y-6">
      <ConsolePageHeading title="Registrations" />
      {query.isPending ? (
        <Loader />
      ) : query.isError ? (
        <div role="alert" className="space-y-2 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="font-semibold text-red-800">Could not load this.</p>
          <p className="text-red-800">{query.error.message}</p>
          <button
            type="button"
            onClick={() => void query.refetch()}
            className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium"
          >
            Try again
          </button>
        </div>
      ) : query.data.requests.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          No requests are waiting.
        </p>
      ) : (
        <>
          <p className="text-slate-700">
            {query.data.pending} waiting. Approving creates the student and texts them that they can sign in; rejecting
            texts them your reason.
          </p>
          <ul className="space-y-4">
            {query.data.requests.map((request) => (
              <li key={request.request_id}>
                <RequestCard request={request} subjects={query.data.subjects} batches={query.data.batches} />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
