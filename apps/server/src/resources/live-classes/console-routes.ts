import type { FastifyInstance } from 'fastify';
import * as call from '@portal/contract/console';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Database } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { type ConsoleContext, defineConsoleRoute } from '../../http/define-console-route.ts';
import { classReminderTemplate } from '../messages/template-repository.ts';
import {
  countClasses,
  findBatch,
  findClass,
  insertBatch,
  insertClasses,
  listSchedule,
  removeBatch,
  removeClass,
  renameBatch,
  subjectExists,
  updateClass,
} from './schedule-repository.ts';

const missing = (what: string) => new ApiError(404, `${what}: there is no such item (it may have been deleted).`);

/** Staff keep each subject's batches and live classes (docs/features/course-authoring.md); every change is audited. */
export async function scheduleConsoleRoutes(app: FastifyInstance) {
  const { db } = app;
  const zone = app.config.INSTITUTE_TIMEZONE;
  const minutes = app.config.CLASS_REMINDER_MINUTES;
  defineConsoleRoute(app, call.listSchedule, (context) => showSchedule(db, zone, minutes, context));
  defineConsoleRoute(app, call.saveBatch, (context) => saveBatch(db, context));
  defineConsoleRoute(app, call.deleteBatch, (context) => deleteBatch(db, context));
  defineConsoleRoute(app, call.addLiveClasses, (context) => addLiveClasses(db, zone, context));
  defineConsoleRoute(app, call.saveLiveClass, (context) => saveLiveClass(db, zone, context));
  defineConsoleRoute(app, call.deleteLiveClass, (context) => deleteLiveClass(db, zone, context));
}

async function showSchedule(
  db: Database,
  zone: string,
  minutes: number,
  { body }: ConsoleContext<typeof call.listSchedule>,
) {
  if (!(await subjectExists(db, body.subject_id))) throw missing('subject_id');
  const batches = await listSchedule(db, body.subject_id, zone);
  const reminders = { minutes, sms_template: (await classReminderTemplate(db))?.name ?? null };
  return { status: true, message: 'Schedule', data: { time_zone: zone, batches, reminders } };
}

async function saveBatch(db: Database, { body, staff }: ConsoleContext<typeof call.saveBatch>) {
  const saved = await saveAndAudit(db, staff, async (tx) => {
    if (body.id === undefined) {
      if (body.subject_id === undefined) throw new ApiError(400, 'subject_id: a new batch needs its subject');
      if (!(await subjectExists(tx, body.subject_id))) throw missing('subject_id');
      const added = await insertBatch(tx, body.subject_id, body.name);
      const after = { subject_id: body.subject_id, name: body.name };
      return {
        answer: added,
        audit: { action: 'batch.add', entity: 'batch', entityId: added.id, before: null, after },
      };
    }
    const before = await findBatch(tx, body.id);
    if (!before) throw missing('id');
    await renameBatch(tx, body.id, body.name);
    return {
      answer: { id: body.id, name: body.name },
      audit: {
        action: 'batch.update',
        entity: 'batch',
        entityId: body.id,
        before: { name: before.name },
        after: { name: body.name },
      },
    };
  });
  return { status: true, message: `${saved.name} is saved.`, data: saved };
}

async function deleteBatch(db: Database, { body, staff }: ConsoleContext<typeof call.deleteBatch>) {
  const batch = await saveAndAudit(db, staff, async (tx) => {
    const before = await findBatch(tx, body.id);
    if (!before) throw missing('id');
    const classes = await countClasses(tx, body.id);
    if (classes > 0)
      throw new ApiError(
        409,
        `${before.name} still has ${classes} ${classes === 1 ? 'class' : 'classes'}. Delete them first.`,
      );
    await removeBatch(tx, body.id);
    return {
      answer: before,
      audit: { action: 'batch.delete', entity: 'batch', entityId: body.id, before, after: null },
    };
  });
  return { status: true, message: `${batch.name} is deleted.`, data: null };
}

async function addLiveClasses(db: Database, zone: string, { body, staff }: ConsoleContext<typeof call.addLiveClasses>) {
  const { batch_id, repeat_weeks, ...fields } = body;
  const added = await saveAndAudit(db, staff, async (tx) => {
    if (!(await findBatch(tx, batch_id))) throw missing('batch_id');
    const rows = await insertClasses(tx, batch_id, fields, repeat_weeks, zone);
    const after = { batch_id, ...fields, repeat_weeks, ids: rows.map((row) => row.id) };
    return {
      answer: rows,
      audit: { action: 'live_class.add', entity: 'live_class', entityId: rows[0]!.id, before: null, after },
    };
  });
  const message =
    added.length === 1
      ? `${fields.class_name} is scheduled.`
      : `${fields.class_name} is scheduled ${added.length} times, weekly.`;
  return { status: true, message, data: { added } };
}

async function saveLiveClass(db: Database, zone: string, { body, staff }: ConsoleContext<typeof call.saveLiveClass>) {
  const { id, ...fields } = body;
  const saved = await saveAndAudit(db, staff, async (tx) => {
    const before = await findClass(tx, id, zone);
    if (!before) throw missing('id');
    const after = await updateClass(tx, id, fields, zone);
    const { batch_id: _, ...was } = before;
    return {
      answer: after,
      audit: { action: 'live_class.update', entity: 'live_class', entityId: id, before: was, after },
    };
  });
  return { status: true, message: `${saved.class_name} is saved.`, data: saved };
}

async function deleteLiveClass(
  db: Database,
  zone: string,
  { body, staff }: ConsoleContext<typeof call.deleteLiveClass>,
) {
  const removed = await saveAndAudit(db, staff, async (tx) => {
    const before = await findClass(tx, body.id, zone);
    if (!before) throw missing('id');
    await removeClass(tx, body.id);
    return {
      answer: before,
      audit: { action: 'live_class.delete', entity: 'live_class', entityId: body.id, before, after: null },
    };
  });
  return { status: true, message: `${removed.class_name} is cancelled.`, data: null };
}
