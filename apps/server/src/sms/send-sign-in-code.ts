import type { FastifyInstance } from 'fastify';
import { smsFailure } from './failure-log.ts';
import { smsText } from './sms-text.ts';

/** The code could not be handed to the gateway; the student is asked to try again. */
export class SmsNotSent extends Error {
  constructor() {
    super('SMS not sent');
    this.name = 'SmsNotSent';
  }
}

/**
 * Texts a sign-in code through the configured provider, counts the outcome in the metrics and logs a failure
 * with the gateway's answer (the code blanked out of it, the number masked to its last 4 digits). Rejects with SmsNotSent when the gateway failed.
 */
export async function sendSignInCode(
  app: FastifyInstance,
  to: string,
  code: string,
  purpose: 'sign-in' | 'registration' = 'sign-in',
): Promise<void> {
  const provider = app.config.SMS_PROVIDER;
  const template = purpose === 'sign-in' ? app.config.SMS_TEMPLATE : app.config.SMS_REGISTRATION_TEMPLATE;
  const text = smsText(template, { code, app: app.config.APP_NAME });
  try {
    await app.sms.send(to, text, code);
    app.metrics.smsSends.inc({ provider, result: 'sent' });
  } catch (error) {
    app.metrics.smsSends.inc({ provider, result: 'failed' });
    app.log.error({ provider, ...smsFailure(error, to, code) }, 'SMS not sent');
    throw new SmsNotSent();
  }
}
