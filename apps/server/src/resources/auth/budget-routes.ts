import type { FastifyInstance } from 'fastify';
import { getRegistrationBudget } from '@portal/contract/console';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { budgetRefusals, registrationCodesSent } from '../../one-time-codes/registration-budget-repository.ts';

/** Admins see on the Overview how much of the budget of registration codes is spent, and whether it ran out. */
export async function registrationBudgetRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, getRegistrationBudget, async () => {
    const [sent, refusals] = await Promise.all([registrationCodesSent(app.db), budgetRefusals(app.db)]);
    return {
      status: true,
      message: 'Registration codes',
      data: {
        per_hour: app.config.REGISTRATION_SMS_PER_HOUR,
        per_day: app.config.REGISTRATION_SMS_PER_DAY,
        sent_last_hour: sent.hour,
        sent_last_day: sent.day,
        refused_last_day: refusals.refused,
        last_refused_at: refusals.lastAt?.toISOString() ?? null,
      },
    };
  });
}
