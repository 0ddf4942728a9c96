import type { FastifyInstance } from 'fastify';
import { getBatches, getLiveClasses } from '@portal/contract';
import { defineRoute } from '../../http/define-route.ts';
import { requireSubject } from '../subjects/access.ts';
import { every } from '../../timers/every.ts';
import { remindDueClasses } from './class-reminders.ts';
import { listStudentBatches, listStudentLiveClasses } from './live-class-repository.ts';

/** How often the server looks for classes to remind of: a reminder goes at most this late. */
const REMINDER_TICK_MS = 60_000;

export async function liveClassRoutes(app: FastifyInstance) {
  const { CLASS_REMINDER_MINUTES: minutes, INSTITUTE_TIMEZONE: timeZone } = app.config;
  if (minutes > 0)
    every(app, 'class reminders', REMINDER_TICK_MS, () =>
      remindDueClasses({ db: app.db, push: app.push, jobs: app.jobs, log: app.log, minutes, timeZone, now: app.now() }),
    );

  defineRoute(app, getBatches, async ({ body, studentId }) => {
    const subject = await requireSubject(app.db, studentId, body.sub_id);
    return { status: true, message: 'Batches', data: await listStudentBatches(app.db, studentId, subject.id) };
  });

  defineRoute(app, getLiveClasses, async ({ body, studentId }) => {
    return {
      status: true,
      message: 'Live classes',
      data: await listStudentLiveClasses(app.db, studentId, body.sub_id, body.batch_id),
    };
  });
}
