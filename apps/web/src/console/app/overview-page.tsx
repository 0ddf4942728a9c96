import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { ConsolePageHeading } from '../components/console-page-heading.tsx';
import { useStaffSession } from '../lib/staff-session.ts';
import { pagesFor } from './console-pages.ts';

// Admins only (its call is), and in a chunk of its own like the pages.
const RegistrationBudgetPanel = lazy(() => import('../features/registration-budget/registration-budget-panel.tsx'));
const GoLiveChecklist = lazy(() => import('../features/go-live/go-live-checklist.tsx'));

/** The first page after sign-in: who is signed in and where they can go. */
export default function OverviewPage() {
  const staff = useStaffSession((s) => s.staff);
  if (!staff) return null;
  const others = pagesFor(staff.role).filter((page) => page.path !== '/');
  return (
    <div className="space-y-6">
      <ConsolePageHeading title={`Welcome, ${staff.name}`} />
      <p className="text-slate-700">
        You are signed in as {staff.role === 'admin' ? 'an admin' : 'a teacher'}.{' '}
        {staff.role === 'admin'
          ? 'You can manage staff, students and content.'
          : 'You can manage content and see students and their progress.'}
      </p>
      {others.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {others.map((page) => (
            <li key={page.path}>
              <Link
                href={page.path}
                className="block rounded-lg border border-slate-200 bg-white p-4 font-semibold text-blue-800 hover:border-blue-300"
              >
                {page.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
      {staff.role === 'admin' ? (
        <Suspense fallback={null}>
          <RegistrationBudgetPanel />
        </Suspense>
      ) : null}
      {/* Last, so nothing above moves when it arrives (the Overview is Lighthouse-audited for layout shift). */}
      {staff.role === 'admin' ? (
        <Suspense fallback={null}>
          <GoLiveChecklist />
        </Suspense>
      ) : null}
    </div>
  );
}
