import { appendFile } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { maskNumber } from './failure-log.ts';
import type { SmsSender } from './sms-sender.ts';

/**
 * For development and tests: each message goes to the server log and, when `outbox` names a file,
 * is appended to it as one JSON line `{"to", "text"}` (the end-to-end tests read codes from there).
 * In production the text (the code) stays out of the log, and the number shows its last 4 digits only.
 */
export function logSender(log: FastifyBaseLogger, outbox?: string, { textInLog = true } = {}): SmsSender {
  return {
    async send(to, text) {
      log.info(textInLog ? { text } : {}, `SMS to ${textInLog ? to : maskNumber(to)}`);
      if (outbox) await appendFile(outbox, `${JSON.stringify({ to, text })}\n`);
    },
  };
}
