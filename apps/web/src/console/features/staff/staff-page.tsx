import { ConsolePageHeading } from '../../components/console-page-heading.tsx';
import { QueryState } from '../../components/query-state.tsx';
import { useStaff } from '../../lib/staff-list.ts';
import { AddStaffForm } from './add-staff-form.tsx';
import { StaffList } from './staff-list.tsx';

/** /console/staff (admins): who can sign in to the console, with which role. */
export default function StaffPage() {
  const staff = useStaff();
  return (
    <div className="space-y-8">
      <ConsolePageHeading title="Staff" />
      <section aria-labelledby="staff-list-heading" className="space-y-3">
        <h2 id="staff-list-heading" className="text-lg font-semibold">
          Staff members
        </h2>
        <QueryState query={staff} empty="No staff members yet.">
          {(members) => <StaffList members={members} />}
        </QueryState>
      </section>
      <AddStaffForm />
    </div>
  );
}
