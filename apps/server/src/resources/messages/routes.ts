import type { FastifyInstance } from 'fastify';
import * as call from '@portal/contract/console';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import { ApiError, fieldRefusal } from '../../http/api-error.ts';
import { type ConsoleContext, defineConsoleRoute } from '../../http/define-console-route.ts';
import { recipientsOf } from './audience.ts';
import { compose, textFor } from './compose.ts';
import { freeTextAllowed, smsParts } from './message-text.ts';
import { MESSAGE_QUEUE, type MessageJob, messageQueueSettings, messageWorker } from './send-worker.ts';
import { queueSend } from './queue-send.ts';
import { findSend, listRecipients, listSends, unfinishedSends } from './send-repository.ts';
import { saveTemplate } from './save-template.ts';
import { listTemplates } from './template-repository.ts';

/** Staff text students from registered templates (docs/decisions/068); the sending is a job of the job queue. */
export async function messageRoutes(app: FastifyInstance) {
  const { db, config } = app;
  await app.jobs.work<MessageJob>(MESSAGE_QUEUE, messageQueueSettings, messageWorker(app));
  // A send left unfinished (the server stopped, or a backup was restored without the job tables) goes on.
  for (const sendId of await unfinishedSends(db)) await app.jobs.send(MESSAGE_QUEUE, { sendId });

  defineConsoleRoute(app, call.listMessageTemplates, async () => ({
    status: true,
    message: 'Message templates',
    data: {
      templates: await listTemplates(db),
      free_text: freeTextAllowed(config),
      price_per_part: config.SMS_PRICE_PER_PART,
      currency: config.SMS_PRICE_CURRENCY,
      class_reminder_minutes: config.CLASS_REMINDER_MINUTES,
    },
  }));
  defineConsoleRoute(app, call.saveMessageTemplate, async ({ body, staff }) => {
    const saved = await saveTemplate(db, staff, body);
    return { status: true, message: `${saved.name} is saved.`, data: saved };
  });
  defineConsoleRoute(app, call.previewMessage, (context) => preview(app, context));
  defineConsoleRoute(app, call.sendMessage, (context) => send(app, context));
  defineConsoleRoute(app, call.listMessageSends, async () => ({
    status: true,
    message: 'Sends',
    data: { sends: await listSends(db) },
  }));
  defineConsoleRoute(app, call.showMessageSend, async ({ body }) => {
    const found = await findSend(db, body.id);
    if (!found) throw new ApiError(404, 'id: there is no such send.');
    return { status: true, message: 'Send', data: { send: found, recipients: await listRecipients(db, body.id) } };
  });
}

async function preview(app: FastifyInstance, { body }: ConsoleContext<typeof call.previewMessage>) {
  const composed = await compose(app.db, app.config, body);
  const { list, leftOut } = await recipientsOf(app.db, body.audience);
  const texts = list.map((recipient) => textFor(composed, recipient.name));
  const first = list[0] && texts[0] !== undefined ? { student_name: list[0].name, text: texts[0] } : null;
  const allParts = texts.reduce((sum, text) => sum + smsParts(text), 0);
  return {
    status: true,
    message: 'Preview',
    data: {
      recipients: list.length,
      left_out: leftOut,
      first,
      parts: smsParts(texts[0] ?? composed.text),
      cost: Math.round(allParts * app.config.SMS_PRICE_PER_PART * 100) / 100,
      currency: app.config.SMS_PRICE_CURRENCY,
      unfilled: composed.unfilled,
    },
  };
}

async function send(app: FastifyInstance, { body, staff }: ConsoleContext<typeof call.sendMessage>) {
  await app.jobs.ready();
  const answer = await saveAndAudit(app.db, staff, async (tx) => {
    const composed = await compose(tx, app.config, body);
    if (composed.unfilled.length > 0)
      throw fieldRefusal('variables', `fill in ${composed.unfilled.map((name) => `{${name}}`).join(', ')}`);
    const { list } = await recipientsOf(tx, body.audience);
    if (list.length === 0)
      throw fieldRefusal('audience', 'none of these students can be texted (deactivated, or none chosen)');
    const id = await queueSend(
      tx,
      app.jobs,
      { ...composed, source: body.source, staffId: staff.id },
      list.map((r) => ({ student_id: r.student_id, mobile: r.mobile, text: textFor(composed, r.name) })),
    );
    const after = {
      template: composed.templateName,
      text: composed.text,
      recipients: list.length,
      source: body.source,
    };
    return {
      answer: { id, recipients: list.length },
      audit: { action: 'message.send', entity: 'message', entityId: id, before: null, after },
    };
  });
  app.jobs.wake(MESSAGE_QUEUE);
  return {
    status: true,
    message: `The message is on its way to ${answer.recipients} ${answer.recipients === 1 ? 'student' : 'students'}.`,
    data: answer,
  };
}
