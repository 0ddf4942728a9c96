import type { FastifyInstance } from 'fastify';
import { academicLevels, registration, signup } from '@portal/contract';
import { canonicalMobile, countryName, countryOfNumber } from '@portal/contract/phone';
import { ApiError, fieldRefusal } from '../../http/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { clientAddressKey } from '../../one-time-codes/client-address.ts';
import { sendCode } from '../../one-time-codes/send-code.ts';
import { findActiveLevel, listActiveLevels } from './academic-level-repository.ts';
import { deleteRequest, insertRequest } from './registration-repository.ts';

export const registrationClosedMessage =
  'The institute is not taking registrations here. Please contact the institute to join.';

/** The register form's calls: its levels, whether it is open, and the request itself (docs/features/auth.md). */
export async function registrationRoutes(app: FastifyInstance) {
  defineRoute(app, academicLevels, async () => ({
    status: true,
    message: 'Academic levels',
    data: await listActiveLevels(app.db),
  }));

  defineRoute(app, registration, async () => ({
    status: true,
    message: app.config.REGISTRATION === 'closed' ? registrationClosedMessage : 'New students may ask to join.',
    data: { mode: app.config.REGISTRATION, contact_link: app.config.CHAT_LINK },
  }));

  defineRoute(app, signup, async ({ body, request }) => {
    if (app.config.REGISTRATION === 'closed')
      throw new ApiError(403, registrationClosedMessage, { code: 'registration_closed' });
    if (!(await findActiveLevel(app.db, body.academic_level))) {
      throw fieldRefusal('academic_level', 'Choose one of the listed levels.', 'academic_level_unknown');
    }
    // Stored and texted in the same canonical form as students, so approval and sign-in find the same number.
    const number = canonicalMobile(body.mobile, { callingCode: body.phone_code });
    if (!number.ok) throw fieldRefusal('mobile', number.message, number.code);
    const phone = number.e164;
    // Anyone can type any number here, and some cost the institute dearly (premium, satellite): text only the
    // countries it chose (SMS_COUNTRIES, docs/decisions/047). Said openly: it tells nothing about who studies here.
    const country = countryOfNumber(phone);
    if (!country || !app.config.SMS_COUNTRIES.includes(country)) {
      const where = app.config.SMS_COUNTRIES.map((c) => countryName(c)).join(', ');
      throw fieldRefusal(
        'mobile',
        `We can text a registration code only to a mobile number of ${where}. Please contact the institute to join.`,
        'mobile_country_not_served',
      );
    }
    const requestId = await insertRequest(app.db, body, number);
    try {
      // The same code, limits and cool-down as sign-in; the answer is the same whether or not the number has an account.
      // No device allowance: a registration proves a number but signs nobody in (docs/decisions/047).
      const sent = await sendCode(app, {
        phone,
        audience: 'registration',
        accountId: requestId,
        clientIp: clientAddressKey(request.ip),
        device: null,
      });
      return { status: true, message: 'We sent a code to your mobile number.', data: sent };
    } catch (error) {
      await deleteRequest(app.db, requestId);
      throw error;
    }
  });
}
