import type { FastifyInstance } from 'fastify';
import { login, logout, resendOtp, verifyOtp, whatsappChat } from '@portal/contract';
import { canonicalMobile } from '@portal/contract/phone';
import { ApiError, fieldRefusal } from '../../http/api-error.ts';
import { readToken } from '../../http/authenticate.ts';
import { defineRoute } from '../../http/define-route.ts';
import { deactivatedMessage, findStudent, findStudentByPhone, isStudentActive } from '../profile/student-repository.ts';
import { fileProvedRequest } from '../registration/file-request.ts';
import { type Audience, findChallenge } from '../../one-time-codes/challenge-repository.ts';
import { serverSecret } from '../../server-secret.ts';
import { hashOtpRef } from '../../one-time-codes/otp-codes.ts';
import { clientAddressKey } from '../../one-time-codes/client-address.ts';
import { rememberSignedInDevice } from '../../one-time-codes/known-device.ts';
import { askedBy, replacing, sendCode } from '../../one-time-codes/send-code.ts';
import { createSession, deleteDeadSessions, revokeSession } from '../../sessions/session-repository.ts';
import { startSweeping } from './sweep.ts';
import { verifyCode } from '../../one-time-codes/verify-code.ts';

const codeSentMessage = 'We sent a code to your registered mobile number.';

/** The student app's code calls serve sign-in codes and registration codes (Auth/signup), never the console's. */
const studentDoor: readonly Audience[] = ['student', 'registration'];

export async function authRoutes(app: FastifyInstance) {
  startSweeping(app);

  defineRoute(app, login, async ({ body, request }) => {
    // `098765 43210` and `9876543210` are one number: looked up, limited and texted in its canonical form.
    const number = canonicalMobile(body.mobile, { callingCode: body.phone_code });
    if (!number.ok) throw fieldRefusal('mobile', number.message, number.code);
    // Looked up here, but the answer is the same either way: nobody learns which numbers are registered.
    const student = await findStudentByPhone(app.db, number);
    // Said plainly, though it tells that the number is known: the student must learn why no code comes.
    if (student && !(await isStudentActive(app.db, student.stud_id)))
      throw new ApiError(403, deactivatedMessage, { code: 'account_deactivated' });
    const sent = await sendCode(
      app,
      askedBy(request, { phone: number.e164, audience: 'student', accountId: student?.stud_id ?? null }),
    );
    return { status: true, message: codeSentMessage, data: sent };
  });

  defineRoute(app, resendOtp, async ({ body, request }) => {
    const challenge = await findChallenge(app.db, hashOtpRef(body.otp_ref));
    if (!challenge || challenge.used || !studentDoor.includes(challenge.audience)) {
      throw new ApiError(410, 'This sign-in has ended. Please enter your mobile number again.', {
        code: 'sign_in_ended',
      });
    }
    const sent = await sendCode(app, askedBy(request, replacing(challenge)));
    return { status: true, message: codeSentMessage, data: sent };
  });

  defineRoute(app, verifyOtp, async ({ body, request, reply }) => {
    const result = await verifyCode(
      app.db,
      serverSecret(app.config.AUTH_SECRET),
      { otpRef: body.otp_ref, otp: body.otp, clientIp: clientAddressKey(request.ip) },
      studentDoor,
    );
    if (!result.ok) {
      app.metrics.signInFailures.inc();
      return {
        status: false as const,
        message: result.message,
        code: result.code,
        ...(result.triesLeft ? { tries_left: result.triesLeft } : {}),
      };
    }
    if (result.audience === 'registration') return fileProvedRequest(app.db, result.accountId);
    const student = await findStudent(app.db, result.accountId);
    if (!student)
      return {
        status: false as const,
        message: 'This code has expired. Please ask for a new code.',
        code: 'code_expired',
      };
    if (!(await isStudentActive(app.db, student.stud_id)))
      return { status: false as const, message: deactivatedMessage, code: 'account_deactivated' };
    await deleteDeadSessions(app.db, student.stud_id);
    const token = await createSession(app.db, student.stud_id, app.config.SESSION_TTL_HOURS);
    // This browser proved it holds the number: its next codes come from an allowance strangers cannot spend.
    await rememberSignedInDevice(app.db, request, reply, result.phone, app.config.API_BASE);
    return { status: true as const, message: 'Login successful', data: student, token };
  });

  defineRoute(app, logout, async ({ request }) => {
    const token = readToken(request);
    if (token) await revokeSession(app.db, token);
    return { status: true, message: 'You are signed out.', data: null };
  });

  defineRoute(app, whatsappChat, async () => ({
    status: true,
    message: 'Chat with us',
    data: { link: app.config.CHAT_LINK },
  }));
}
