import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import { SMS_HTTP_TIMEOUT_MS } from '../resources/auth/limits.ts';
import { httpSender } from './http-sender.ts';
import { logSender } from './log-sender.ts';
import type { SmsSender } from './sms-sender.ts';

/** The provider SMS_PROVIDER names; loadConfig has already checked that `http` has its URL. */
export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.SMS_PROVIDER === 'http' && config.SMS_HTTP_URL) {
    return httpSender({
      url: config.SMS_HTTP_URL,
      token: config.SMS_HTTP_TOKEN,
      sender: config.SMS_HTTP_SENDER,
      timeoutMs: SMS_HTTP_TIMEOUT_MS,
    });
  }
  return logSender(log, config.SMS_OUTBOX);
}
