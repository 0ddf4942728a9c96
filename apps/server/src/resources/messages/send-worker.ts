import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { JobHandler, QueueSettings } from '../../jobs/job-queue.ts';
import { smsFailure } from '../../sms/failure-log.ts';
import { sendMessage } from '../../sms/send-message.ts';
import { finishSend, markRefused, markSent, nextAttemptAt, nextDue, sendToWork } from './send-repository.ts';

export const MESSAGE_QUEUE = 'message-send';

/** A job sends for at most this long, then queues the rest as a new job: sends take turns, a lost instance loses a turn. */
const TURN_MS = 60_000;

/**
 * One send at a time across every instance (so MESSAGES_PER_SECOND bounds them all); a turn still running after three
 * minutes is taken as lost with its instance, and another instance takes the send up again.
 */
export const messageQueueSettings: QueueSettings = {
  policy: 'singleton',
  expireInSeconds: 180,
  retryLimit: 5,
  retryDelaySeconds: 10,
};

export type MessageJob = { sendId: number };

/** Waits `ms`; false when the server began to stop meanwhile. */
const pause = (ms: number, stopping: AbortSignal) =>
  ms <= 0 ? Promise.resolve(!stopping.aborted) : sleep(ms, true, { signal: stopping }).catch(() => false as const);

/** Texts are handed to the gateway no faster than `perSecond`: each at least 1/perSecond after the one before. */
function pacer(perSecond: number) {
  let next = 0;
  return async (stopping: AbortSignal) => {
    const going = await pause(next - Date.now(), stopping);
    next = Date.now() + 1000 / perSecond;
    return going;
  };
}

/**
 * Works one turn of a send: its due texts one after another at the configured rate; a refusal is tried again
 * MESSAGE_RETRY_SECONDS (times the tries so far) later, up to MESSAGE_ATTEMPTS, then marked failed with its reason.
 */
export function messageWorker(app: FastifyInstance): JobHandler<MessageJob> {
  const { db, config, log } = app;
  const paced = pacer(config.MESSAGES_PER_SECOND);
  return async ({ sendId }, stopping) => {
    const send = await sendToWork(db, sendId);
    if (!send) return;
    const turnEnds = Date.now() + TURN_MS;
    while (!stopping.aborted && Date.now() < turnEnds) {
      const due = await nextDue(db, sendId);
      if (!due) {
        const next = await nextAttemptAt(db, sendId);
        if (next === null) {
          await finishSend(db, sendId);
          return;
        }
        if (next > turnEnds || !(await pause(next - Date.now(), stopping))) break;
        continue;
      }
      if (!(await paced(stopping))) break;
      try {
        await sendMessage(app.sms, due.mobile, {
          text: due.text,
          dltTemplateId: send.dlt_template_id,
          gatewayTemplateId: send.gateway_template_id,
          variables: { ...send.variables, name: due.name },
        });
        await markSent(db, sendId, due.student_id);
        app.metrics.smsSends.inc({ provider: config.SMS_PROVIDER, result: 'sent' });
      } catch (error) {
        const failure = smsFailure(error, due.mobile);
        const tries = due.attempts + 1;
        const again = tries < config.MESSAGE_ATTEMPTS ? config.MESSAGE_RETRY_SECONDS * tries : null;
        await markRefused(db, sendId, due.student_id, failure.reason, again);
        app.metrics.smsSends.inc({ provider: config.SMS_PROVIDER, result: 'failed' });
        log.warn({ sendId, tries, ...failure }, again === null ? 'message failed' : 'message refused, trying again');
      }
    }
    const next = await nextAttemptAt(db, sendId);
    if (next !== null) await app.jobs.send(MESSAGE_QUEUE, { sendId }, { startAfter: new Date(next) });
  };
}
