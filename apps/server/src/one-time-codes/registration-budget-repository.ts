import type { Queryable } from '../db/database.ts';
import { REGISTRATION_BUDGET_DAY_SECONDS, REGISTRATION_BUDGET_HOUR_SECONDS } from './limits.ts';

/** Registration codes the institute sent in the last hour and day, and seconds until the oldest of each leaves its window. */
export interface RegistrationCodesSent {
  hour: number;
  hourFreeIn: number;
  day: number;
  dayFreeIn: number;
}

export async function registrationCodesSent(db: Queryable): Promise<RegistrationCodesSent> {
  const [row] = await db.query<RegistrationCodesSent>(
    `SELECT count(*) FILTER (WHERE created_at > now() - make_interval(secs => $1))::int AS "hour",
            coalesce(ceil(extract(epoch FROM min(created_at) FILTER (WHERE created_at > now() - make_interval(secs => $1))
              + make_interval(secs => $1) - now())), 0)::int AS "hourFreeIn",
            count(*)::int AS "day",
            coalesce(ceil(extract(epoch FROM min(created_at) + make_interval(secs => $2) - now())), 0)::int AS "dayFreeIn"
       FROM otp_challenges WHERE audience = 'registration' AND created_at > now() - make_interval(secs => $2)`,
    [REGISTRATION_BUDGET_HOUR_SECONDS, REGISTRATION_BUDGET_DAY_SECONDS],
  );
  return row ?? { hour: 0, hourFreeIn: 0, day: 0, dayFreeIn: 0 };
}

/** Serialises the registration sends of every instance until the transaction ends, so parallel signups cannot overrun the budget. */
export async function lockRegistrationBudget(tx: Queryable) {
  await tx.query('SELECT pg_advisory_xact_lock(3, 0)');
}

/** Counts a signup refused for the budget, in the hour's row. */
export async function recordBudgetRefusal(db: Queryable) {
  await db.query(
    `INSERT INTO registration_budget_refusals (hour, refused, last_at) VALUES (date_trunc('hour', now()), 1, now())
     ON CONFLICT (hour) DO UPDATE SET refused = registration_budget_refusals.refused + 1, last_at = now()`,
  );
}

/** Signups refused for the budget in the last day (by whole hours), and when the last one was. */
export async function budgetRefusals(db: Queryable): Promise<{ refused: number; lastAt: Date | null }> {
  const [row] = await db.query<{ refused: number; lastAt: Date | null }>(
    `SELECT coalesce(sum(refused), 0)::int AS "refused", max(last_at) AS "lastAt"
       FROM registration_budget_refusals WHERE last_at > now() - make_interval(secs => $1)`,
    [REGISTRATION_BUDGET_DAY_SECONDS],
  );
  return row ?? { refused: 0, lastAt: null };
}

/** Drops refusal counts older than the day the Overview shows. */
export async function deleteOldBudgetRefusals(db: Queryable) {
  await db.query('DELETE FROM registration_budget_refusals WHERE last_at < now() - make_interval(secs => $1)', [
    REGISTRATION_BUDGET_DAY_SECONDS,
  ]);
}
