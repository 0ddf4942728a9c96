import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { httpSender } from './http-sender.ts';
import { logSender } from './log-sender.ts';
import { msg91Sender } from './msg91-sender.ts';
import type { SmsSender } from './sms-sender.ts';
import { twilioSender } from './twilio-sender.ts';

/** The provider SMS_PROVIDER names; loadConfig has already checked that it has its settings. */
export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  const timeoutMs = config.SMS_TIMEOUT_MS;
  switch (config.SMS_PROVIDER) {
    case 'http':
      return httpSender({
        url: config.SMS_HTTP_URL ?? '',
        token: config.SMS_HTTP_TOKEN,
        sender: config.SMS_HTTP_SENDER,
        timeoutMs,
      });
    case 'msg91':
      return msg91Sender({
        baseUrl: config.MSG91_BASE_URL,
        authKey: config.MSG91_AUTH_KEY ?? '',
        templateId: config.MSG91_TEMPLATE_ID ?? '',
        codeVar: config.MSG91_CODE_VAR,
        sender: config.MSG91_SENDER,
        timeoutMs,
      });
    case 'twilio':
      return twilioSender({
        baseUrl: config.TWILIO_BASE_URL,
        accountSid: config.TWILIO_ACCOUNT_SID ?? '',
        authToken: config.TWILIO_AUTH_TOKEN ?? '',
        from: config.TWILIO_FROM,
        messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
        timeoutMs,
      });
    case 'log':
      return logSender(log, config.SMS_OUTBOX, { textInLog: config.NODE_ENV !== 'production' });
  }
}
