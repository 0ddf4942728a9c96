import { RECIPIENT_NAME_VARIABLE, templateVariables } from '@portal/contract/console';
import { recordAudit } from '../../audit/record-audit.ts';
import type { Database } from '../../db/database.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { fillIn } from '../messages/message-text.ts';
import { queueSend } from '../messages/queue-send.ts';
import { MESSAGE_QUEUE } from '../messages/send-worker.ts';
import { classReminderTemplate } from '../messages/template-repository.ts';
import type { ClassReminder } from './class-reminder.ts';
import { recordSend } from './class-reminder-repository.ts';

/**
 * The SMS leg of a class reminder (docs/decisions/076): the batch is texted from the template staff marked "Use for
 * class reminders", as a send of the message queue (bounded rate, retries, each recipient's status, the console's
 * history), recorded in the audit log as sent by the system. Answers the send's id, or null when nothing is texted:
 * no template is marked, or nobody is in the batch. `claimedStart` is the start as the claim stored it.
 */
export async function textClassReminder(
  db: Database,
  jobs: JobQueue,
  reminder: ClassReminder,
  claimedStart: string,
): Promise<number | null> {
  // Asked first outside the transaction: a portal with no such template never starts the job queue for it.
  if (reminder.recipients.length === 0 || !(await classReminderTemplate(db))) return null;
  await jobs.ready();
  const sendId = await db.transaction(async (tx) => {
    const template = await classReminderTemplate(tx);
    if (!template) return null;
    const values: Record<string, string> = Object.fromEntries(
      Object.entries(reminder.values).map(([name, value]) => [name, String(value)]),
    );
    const own = templateVariables(template.text).filter((name) => name !== RECIPIENT_NAME_VARIABLE);
    const variables = Object.fromEntries(own.flatMap((name) => (values[name] ? [[name, values[name]]] : [])));
    const text = fillIn(template.text, variables);
    const { class_name, batch_name, time } = reminder.values;
    const source = `Class reminder: ${class_name}, ${batch_name}, ${time}`;
    const id = await queueSend(
      tx,
      jobs,
      {
        templateId: template.id,
        dltTemplateId: template.dlt_template_id,
        gatewayTemplateId: template.gateway_template_id,
        text,
        variables,
        source,
        staffId: null,
        byPortal: true,
      },
      reminder.recipients.map((r) => ({
        student_id: r.student_id,
        mobile: `+${r.phone_code}${r.mobile}`,
        text: fillIn(text, { [RECIPIENT_NAME_VARIABLE]: r.name }),
      })),
    );
    await recordSend(tx, reminder.liveClassId, claimedStart, id);
    await recordAudit(tx, 'system', {
      action: 'message.send',
      entity: 'message',
      entityId: id,
      before: null,
      after: {
        template: template.name,
        text,
        recipients: reminder.recipients.length,
        source,
        live_class_id: reminder.liveClassId,
      },
    });
    return id;
  });
  if (sendId !== null) jobs.wake(MESSAGE_QUEUE);
  return sendId;
}
