import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/database.ts';
import { deleteOldChallenges } from '../../one-time-codes/challenge-repository.ts';
import { deleteOldWrongCodes } from '../../one-time-codes/wrong-code-repository.ts';
import { deleteForgottenDevices } from '../../one-time-codes/known-device-repository.ts';
import { deleteOldBudgetRefusals } from '../../one-time-codes/registration-budget-repository.ts';
import { SWEEP_INTERVAL_MS } from '../../one-time-codes/limits.ts';
import { deleteExpiredSessions } from '../../sessions/session-repository.ts';
import { deleteUnverifiedRequests } from '../registration/registration-repository.ts';

/**
 * Removes challenges, wrong codes and budget refusals too old to count, sessions that have expired, registrations never
 * proved and devices that have not signed in for a year.
 */
export async function sweepAuth(db: Queryable) {
  await deleteOldChallenges(db);
  await deleteOldWrongCodes(db);
  await deleteExpiredSessions(db);
  await deleteUnverifiedRequests(db);
  await deleteForgottenDevices(db);
  await deleteOldBudgetRefusals(db);
}

/** Sweeps once the server is ready and then every SWEEP_INTERVAL_MS; stops when the server closes. */
export function startSweeping(app: FastifyInstance) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const sweep = () => {
    running = sweepAuth(app.db).catch((error: unknown) => app.log.warn({ err: error }, 'auth sweep failed'));
  };
  app.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
  });
  // The database closes after the server: let a sweep under way finish first.
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
