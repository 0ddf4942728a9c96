import type { FastifyInstance } from 'fastify';
import { listLockedNumbers, unlockNumber } from '@portal/contract/console';
import { canonicalMobile } from '@portal/contract/phone';
import { recordAudit } from '../../audit/record-audit.ts';
import type { Queryable } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { findStudentByPhone } from '../profile/student-repository.ts';
import { lockedNumbers, unlockNumber as liftLock } from '../../one-time-codes/wrong-code-repository.ts';

/** Whose number a locked E.164 number is: a student's or a staff member's name, or "" for nobody's. */
async function holderOf(db: Queryable, phone: string) {
  const number = canonicalMobile(phone);
  const student = number.ok ? await findStudentByPhone(db, number) : undefined;
  if (student) return student.name;
  const [staff] = await db.query<{ name: string }>('SELECT name FROM staff WHERE mobile = $1', [phone]);
  return staff?.name ?? '';
}

/** Admins see the numbers locked by wrong codes and lift a lock once they have checked with its owner. */
export async function signInLockRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, listLockedNumbers, async () => {
    const locked = await lockedNumbers(app.db, 100);
    const numbers = await Promise.all(
      locked.map(async (row) => ({
        mobile: row.phone,
        locked_at: row.locked_at.toISOString(),
        holder: await holderOf(app.db, row.phone),
      })),
    );
    return { status: true, message: 'Locked numbers', data: { numbers } };
  });

  defineConsoleRoute(app, unlockNumber, async ({ body, staff }) => {
    const number = canonicalMobile(body.mobile, { defaultCountry: app.config.DEFAULT_COUNTRY });
    if (!number.ok) throw new ApiError(400, `mobile: ${number.message}`);
    await app.db.transaction(async (tx) => {
      if (!(await liftLock(tx, number.e164))) throw new ApiError(404, `mobile: ${number.e164} is not locked.`);
      await recordAudit(tx, staff, {
        action: 'sign_in.unlock',
        entity: 'mobile',
        entityId: number.e164,
        before: { locked: true },
        after: { locked: false },
      });
    });
    return { status: true, message: `Sign-in for ${number.e164} is unlocked.`, data: null };
  });
}
