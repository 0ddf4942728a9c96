import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPushSender } from '../src/push/push-sender.ts';
import { remindDueClasses } from '../src/resources/live-classes/class-reminders.ts';
import type { TemplatedText } from '../src/sms/sms-sender.ts';
import { startTestApp, type TestApp } from './helper.ts';

// The SMS leg of a class reminder (docs/decisions/076), on a clock the test holds: a batch of four, one deactivated
// and one not enrolled in the subject, is texted from the template an admin marked "Use for class reminders".
let t: TestApp;
let admin: string;
let teacher: string;
let clock = new Date('2031-05-05T08:00:00Z');
let subject: number;
let batch: number;
const outbox: ({ to: string } & TemplatedText)[] = [];
const one = async <T>(sql: string, values: unknown[] = []) => (await t.db.query<T>(sql, values))[0]!;
const post = (path: string, body: unknown, token = admin) => t.consolePost(path, body, token);

beforeAll(async () => {
  t = await startTestApp({
    // The server's own turns keep a clock a day behind the test's: only the test's turns meet its classes.
    now: () => new Date('2031-05-04T08:00:00Z'),
    sms: {
      send: async (to, text) => void outbox.push({ to, text, dltTemplateId: '', gatewayTemplateId: '', variables: {} }),
      sendMessage: async (to, message) => void outbox.push({ to, ...message }),
    },
    env: { MESSAGES_PER_SECOND: '50', JOB_POLL_SECONDS: '1' },
  });
  admin = await t.staffTokenFor('admin');
  teacher = await t.staffTokenFor('teacher');
  subject = (await one<{ id: number }>(`INSERT INTO subjects (name) VALUES ('Chemistry 12') RETURNING id`)).id;
  batch = (
    await one<{ id: number }>(`INSERT INTO batches (subject_id, name) VALUES ($1, 'Evening batch') RETURNING id`, [
      subject,
    ])
  ).id;
  const people = [
    ['Anita Rao', true, true],
    ['Bhavesh Patel', true, true],
    ['Chitra Iyer', false, true],
    ['Deepak Singh', true, false],
  ] as const;
  for (const [index, [name, active, enrolled]] of people.entries()) {
    const id = (
      await one<{ id: number }>(
        `INSERT INTO students (name, mobile, phone_code, active) VALUES ($1, $2, '91', $3) RETURNING id`,
        [name, `98000000${index}0`, active],
      )
    ).id;
    if (enrolled) await t.db.query('INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)', [id, subject]);
    await t.db.query('INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)', [id, batch]);
  }
});
afterAll(() => t?.close());

/** A class of the batch starting `minutes` after the test's clock. */
const classIn = async (minutes: number, name = 'Organic chemistry') =>
  (
    await one<{ id: number }>(
      `INSERT INTO live_classes (batch_id, class_name, tutor_name, online_url, starts_at, duration_minutes)
       VALUES ($1, $2, 'Ms. Kavita Menon', 'https://meet.example.com/c', $3, 60) RETURNING id`,
      [batch, name, new Date(clock.getTime() + minutes * 60_000).toISOString()],
    )
  ).id;

const remind = (minutes = 30) =>
  remindDueClasses({
    db: t.db,
    push: createPushSender(t.db, t.config.PUSH_CONTACT, pino({ level: 'silent' })),
    jobs: t.jobs,
    log: pino({ level: 'silent' }),
    minutes,
    timeZone: t.config.INSTITUTE_TIMEZONE,
    now: clock,
  });

const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

async function finished(sendId: number) {
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const shown = await post('/Messages/send/show', { id: sendId }, teacher);
    if (shown.body.data.send.finished_at) return shown.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`send ${sendId} did not finish in 30 s`);
}

const template = {
  name: 'Class reminder',
  dlt_template_id: '1107168000000000042',
  text: 'Dear {name}, {class_name} ({batch_name}) with {tutor_name} starts at {time}, in {minutes} min. - Sunrise',
};

describe('with no template marked for class reminders', () => {
  it('sends no SMS (the push still goes), and the schedule and the templates say so', async () => {
    await classIn(20);
    expect(await remind()).toEqual([expect.objectContaining({ students: 2, sendId: null })]);
    expect(await t.db.query('SELECT id FROM message_sends')).toEqual([]);
    const schedule = await post('/Schedule/list', { subject_id: subject }, teacher);
    expect(schedule.body.data.reminders).toEqual({ minutes: 30, sms_template: null });
    const listed = await post('/Messages/templates', {}, teacher);
    expect(listed.body.data.class_reminder_minutes).toBe(30);
  });
});

describe('"Use for class reminders"', () => {
  let firstId: number;

  it('marks one template; marking another unmarks it, with the audit entry naming which it replaced', async () => {
    const first = await post('/Messages/template/save', { ...template, class_reminder: true });
    expect(first.status).toBe(200);
    expect(first.body.data.class_reminder).toBe(true);
    firstId = first.body.data.id;
    const second = await post('/Messages/template/save', {
      ...template,
      name: 'Class reminder (short)',
      text: '{class_name} at {time}. - Sunrise',
      class_reminder: true,
    });
    const listed = await post('/Messages/templates', {});
    const marked = listed.body.data.templates.filter((x: { class_reminder: boolean }) => x.class_reminder);
    expect(marked.map((x: { name: string }) => x.name)).toEqual(['Class reminder (short)']);
    const log = await post('/AuditLog/list', { action: 'message_template.add', limit: 1 });
    expect(log.body.data.entries[0].after).toMatchObject({
      class_reminder: true,
      class_reminder_instead_of: 'Class reminder',
    });
    // Changing the text without saying keeps the mark; retiring the template removes it.
    const kept = await post('/Messages/template/save', {
      ...template,
      id: second.body.data.id,
      name: 'Class reminder (short)',
      text: '{class_name} at {time}, {name}. - Sunrise',
    });
    expect(kept.body.data.class_reminder).toBe(true);
    const retired = await post('/Messages/template/save', {
      ...template,
      id: second.body.data.id,
      name: 'Class reminder (short)',
      active: false,
    });
    expect(retired.body.data.class_reminder).toBe(false);
  });

  it('is refused for a text with a variable the portal cannot fill, for a retired template, and to a teacher', async () => {
    const unknown = await post('/Messages/template/save', {
      ...template,
      id: firstId,
      text: 'Dear {name}, {class_name} starts soon. - {institute}',
      class_reminder: true,
    });
    expect(unknown).toMatchObject({ status: 400, body: { field: 'class_reminder' } });
    expect(unknown.body.message).toMatch(/\{institute\} would be sent as it is written/);
    const retired = await post('/Messages/template/save', {
      ...template,
      id: firstId,
      active: false,
      class_reminder: true,
    });
    expect(retired).toMatchObject({ status: 400, body: { field: 'class_reminder' } });
    const asTeacher = await post(
      '/Messages/template/save',
      { ...template, id: firstId, class_reminder: true },
      teacher,
    );
    expect(asTeacher.status).toBe(403);
    expect((await post('/Messages/template/save', { ...template, id: firstId, class_reminder: true })).status).toBe(
      200,
    );
    const schedule = await post('/Schedule/list', { subject_id: subject }, teacher);
    expect(schedule.body.data.reminders).toEqual({ minutes: 30, sms_template: 'Class reminder' });
  });
});

describe('a class reminder by SMS', () => {
  it('texts each active enrolled student of the batch once, 20 minutes ahead, with per-recipient status', async () => {
    later(24 * 60);
    const classId = await classIn(20);
    const far = await classIn(120, 'Physical chemistry');
    const [reminded, ...more] = await remind();
    expect(more).toEqual([]);
    expect(reminded).toMatchObject({ liveClassId: classId, students: 2, sendId: expect.any(Number) });
    const done = await finished(reminded!.sendId!);
    expect(done.send).toMatchObject({
      template_name: 'Class reminder',
      sent_by: 'The portal (automatic)',
      source: 'Class reminder: Organic chemistry, Evening batch, 1:50 pm',
      recipients: 2,
      sent: 2,
      failed: 0,
      queued: 0,
    });
    expect(done.recipients.map((r: { student_name: string; status: string }) => [r.student_name, r.status])).toEqual([
      ['Anita Rao', 'sent'],
      ['Bhavesh Patel', 'sent'],
    ]);
    expect(outbox).toHaveLength(2);
    expect(outbox).toContainEqual({
      to: '+919800000000',
      text: 'Dear Anita Rao, Organic chemistry (Evening batch) with Ms. Kavita Menon starts at 1:50 pm, in 20 min. - Sunrise',
      dltTemplateId: template.dlt_template_id,
      gatewayTemplateId: '',
      variables: {
        name: 'Anita Rao',
        class_name: 'Organic chemistry',
        batch_name: 'Evening batch',
        tutor_name: 'Ms. Kavita Menon',
        time: '1:50 pm',
        minutes: '20',
      },
    });
    // In the console's history like any send, and in the audit log as sent by the system.
    const sends = await post('/Messages/sends', {}, teacher);
    expect(sends.body.data.sends[0]).toMatchObject({ id: reminded!.sendId, sent_by: 'The portal (automatic)' });
    const log = await post('/AuditLog/list', { action: 'message.send', limit: 1 });
    expect(log.body.data.entries[0]).toMatchObject({
      actor: 'system',
      entity_id: String(reminded!.sendId),
      after: { template: 'Class reminder', recipients: 2, live_class_id: classId },
    });

    // A second turn sends nothing more; the class two hours ahead waits for its time.
    expect(await remind()).toEqual([]);
    expect(await t.db.query('SELECT count(*)::int AS n FROM message_sends')).toEqual([{ n: 1 }]);
    later(95);
    expect(await remind()).toEqual([expect.objectContaining({ liveClassId: far, sendId: expect.any(Number) })]);
  });

  it('goes once when two instances look at the same moment, and not at all with 0', async () => {
    later(24 * 60);
    await classIn(15);
    const before = (await t.db.query('SELECT id FROM message_sends')).length;
    expect(await remind(0)).toEqual([]);
    const [a, b] = await Promise.all([remind(), remind()]);
    expect([...a, ...b]).toHaveLength(1);
    expect((await t.db.query('SELECT id FROM message_sends')).length).toBe(before + 1);
  });
});
