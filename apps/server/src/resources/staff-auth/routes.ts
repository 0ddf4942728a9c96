import type { FastifyInstance } from 'fastify';
import { staffLogin, staffLogout, staffMe, staffResendOtp, staffVerifyOtp } from '@portal/contract/console';
import { canonicalMobile } from '@portal/contract/phone';
import { ApiError, unauthorized } from '../../http/api-error.ts';
import { readToken } from '../../http/authenticate.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { createStaffSession, deleteDeadStaffSessions, revokeSession } from '../../sessions/session-repository.ts';
import { findChallenge } from '../../one-time-codes/challenge-repository.ts';
import { clientAddressKey } from '../../one-time-codes/client-address.ts';
import { serverSecret } from '../../server-secret.ts';
import { hashOtpRef } from '../../one-time-codes/otp-codes.ts';
import { rememberSignedInDevice } from '../../one-time-codes/known-device.ts';
import { askedBy, replacing, sendCode } from '../../one-time-codes/send-code.ts';
import { verifyCode } from '../../one-time-codes/verify-code.ts';
import { findActiveStaffByMobile, findStaffMember } from '../staff/staff-repository.ts';

const codeSentMessage = 'If this number belongs to a staff member, we sent it a code.';

/**
 * Staff sign-in: the students' one-time SMS code mechanism, limits included (one-time-codes/), for the
 * 'staff' audience. Its codes and tokens never work on the student side, and back.
 */
export async function staffAuthRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, staffLogin, async ({ body, request }) => {
    const mobile = canonicalMobile(body.mobile, { defaultCountry: app.config.DEFAULT_COUNTRY });
    if (!mobile.ok) throw new ApiError(400, `mobile: ${mobile.message}`);
    // Same answer for a number that is not staff: nobody learns who works at the institute.
    const member = await findActiveStaffByMobile(app.db, mobile.e164);
    const sent = await sendCode(
      app,
      askedBy(request, { phone: mobile.e164, audience: 'staff', accountId: member?.id ?? null }),
    );
    return { status: true, message: codeSentMessage, data: { ...sent, idle_hours: app.config.STAFF_IDLE_HOURS } };
  });

  defineConsoleRoute(app, staffResendOtp, async ({ body, request }) => {
    const challenge = await findChallenge(app.db, hashOtpRef(body.otp_ref));
    if (!challenge || challenge.used || challenge.audience !== 'staff') {
      throw new ApiError(410, 'This sign-in has ended. Please enter your mobile number again.');
    }
    const sent = await sendCode(app, askedBy(request, replacing(challenge)));
    return { status: true, message: codeSentMessage, data: { ...sent, idle_hours: app.config.STAFF_IDLE_HOURS } };
  });

  defineConsoleRoute(app, staffVerifyOtp, async ({ body, request, reply }) => {
    const result = await verifyCode(
      app.db,
      serverSecret(app.config.AUTH_SECRET),
      { otpRef: body.otp_ref, otp: body.otp, clientIp: clientAddressKey(request.ip) },
      ['staff'],
    );
    if (!result.ok) return { status: false as const, message: result.message };
    const member = await findStaffMember(app.db, result.accountId);
    if (!member?.active)
      return { status: false as const, message: 'This account is deactivated. Please ask an admin.' };
    await deleteDeadStaffSessions(app.db, member.staff_id);
    const token = await createStaffSession(app.db, member.staff_id, app.config.SESSION_TTL_HOURS);
    // As for students: this browser's next codes for the number come from its own allowance (docs/decisions/047).
    await rememberSignedInDevice(app.db, request, reply, result.phone, app.config.CONSOLE_API_BASE);
    return { status: true as const, message: `Welcome, ${member.name}`, data: member, token };
  });

  defineConsoleRoute(app, staffLogout, async ({ request }) => {
    const token = readToken(request);
    if (token) await revokeSession(app.db, token);
    return { status: true, message: 'You are signed out.', data: null };
  });

  defineConsoleRoute(app, staffMe, async ({ staff }) => {
    const member = await findStaffMember(app.db, staff.id);
    if (!member) throw unauthorized();
    return { status: true, message: 'Signed in', data: member };
  });
}
