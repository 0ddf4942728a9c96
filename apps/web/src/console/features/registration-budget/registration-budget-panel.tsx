import { formatDateTime } from '../../../lib/date-time.ts';
import { useRegistrationBudget } from './api/get-registration-budget.ts';

/**
 * The Overview's word on the budget of registration codes (docs/decisions/047): how much is spent, and, when signups
 * were refused for it, when and how many, with what the admin can do. Quiet while it loads or fails: the Overview's
 * links matter more than this line.
 */
export default function RegistrationBudgetPanel() {
  const budget = useRegistrationBudget().data;
  if (!budget) return null;
  const spent = `${budget.sent_last_hour} of ${budget.per_hour} in the last hour, ${budget.sent_last_day} of ${budget.per_day} in the last 24 hours`;
  return (
    <section
      aria-labelledby="registration-budget"
      className="space-y-2 rounded-lg border border-slate-200 bg-white p-4"
    >
      <h2 id="registration-budget" className="font-semibold">
        Registration codes
      </h2>
      <p className="text-slate-700">Texted to new students: {spent}.</p>
      {budget.refused_last_day > 0 && budget.last_refused_at ? (
        <p role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          The budget was used up: {budget.refused_last_day}{' '}
          {budget.refused_last_day === 1 ? 'signup was' : 'signups were'} refused in the last 24 hours, the last at{' '}
          {formatDateTime(budget.last_refused_at, 'dateTime')}. If these are real students, raise
          REGISTRATION_SMS_PER_HOUR or REGISTRATION_SMS_PER_DAY; if not, someone is sending the register form in bulk,
          and the budget kept it from costing more.
        </p>
      ) : null}
    </section>
  );
}
