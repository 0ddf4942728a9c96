import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logSender } from '../src/sms/log-sender.ts';
import { SmsGatewayError, type SmsSender } from '../src/sms/sms-sender.ts';
import { startTestApp, type TestApp } from './helper.ts';

// A batch of ten in a new subject, one of whom watches the topic: staff text the nine others, chosen from the
// Insights "not watched" list, through a gateway that refuses one number for good and another once.
let t: TestApp;
let admin: string;
let teacher: string;
let outbox: string;
let batch: number;
let topic: number;
const ids: number[] = [];
const calls: { to: string; at: number }[] = [];
const REFUSED = '+919000000002';
const FLAKY = '+919000000003';
let flakyRefusals = 1;

const RATE = 20;
const one = async <T>(sql: string, values: unknown[] = []) => (await t.db.query<T>(sql, values))[0]!;
const post = (path: string, body: unknown, token = teacher) => t.consolePost(path, body, token);

/** The log provider with an outbox, behind a gateway that refuses REFUSED always and FLAKY once. */
function gateway(): SmsSender {
  const log = logSender(pino({ level: 'silent' }), undefined);
  return {
    async send(to, text, code) {
      calls.push({ to, at: Date.now() });
      if (to === REFUSED || (to === FLAKY && flakyRefusals-- > 0))
        throw new SmsGatewayError('gateway answered 503', { status: 503, body: 'busy' });
      await logSender(pino({ level: 'silent' }), outbox).send(to, text, code);
      await log.send(to, text, code);
    },
  };
}

async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

beforeAll(async () => {
  outbox = join(await mkdtemp(join(tmpdir(), 'portal-messages-')), 'outbox.jsonl');
  t = await startTestApp({
    sms: gateway(),
    env: {
      MESSAGES_PER_SECOND: String(RATE),
      MESSAGE_ATTEMPTS: '3',
      MESSAGE_RETRY_SECONDS: '0',
      JOB_POLL_SECONDS: '1',
    },
  });
  admin = await t.staffTokenFor('admin');
  teacher = await t.staffTokenFor('teacher');
  const subject = (await one<{ id: number }>(`INSERT INTO subjects (name) VALUES ('Follow-up') RETURNING id`)).id;
  const chapter = (
    await one<{ id: number }>(`INSERT INTO chapters (subject_id, name) VALUES ($1, 'Week 1') RETURNING id`, [subject])
  ).id;
  topic = (
    await one<{ id: number }>(
      `INSERT INTO topics (chapter_id, name, video_link, duration_seconds) VALUES ($1, 'Vectors', 'https://example.com/v', 60) RETURNING id`,
      [chapter],
    )
  ).id;
  batch = (
    await one<{ id: number }>(`INSERT INTO batches (subject_id, name) VALUES ($1, 'New batch') RETURNING id`, [subject])
  ).id;
  for (let i = 0; i < 10; i++) {
    const id = (
      await one<{ id: number }>(`INSERT INTO students (name, mobile, phone_code) VALUES ($1, $2, '91') RETURNING id`, [
        `Student ${String(i).padStart(2, '0')}`,
        `90000000${String(i).padStart(2, '0')}`,
      ])
    ).id;
    ids.push(id);
    await t.db.query('INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)', [id, subject]);
    await t.db.query('INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)', [id, batch]);
  }
  await t.db.query(
    `INSERT INTO watch_progress (student_id, topic_id, position_seconds, duration_seconds) VALUES ($1, $2, 60, 60)`,
    [ids[0], topic],
  );
});
afterAll(() => t?.close());

let templateId: number;

describe('message templates', () => {
  it('are registered by an admin, with the audit entry, and refused to a teacher', async () => {
    const template = {
      name: 'Topic reminder',
      dlt_template_id: '1107168000000000001',
      text: 'Dear {name}, please watch {topic} before Friday. - {institute}',
    };
    expect((await post('/Messages/template/save', template, teacher)).status).toBe(403);
    const saved = await post('/Messages/template/save', template, admin);
    expect(saved.status).toBe(200);
    templateId = saved.body.data.id;
    expect(saved.body.data).toMatchObject({ ...template, gateway_template_id: '', active: true });
    const again = await post('/Messages/template/save', { ...template, name: 'topic REMINDER' }, admin);
    expect(again).toMatchObject({ status: 400, body: { field: 'name' } });
    const log = await post('/AuditLog/list', { action: 'message_template.add', limit: 1 }, admin);
    expect(log.body.data.entries[0]).toMatchObject({ entity_id: String(templateId), label: 'Topic reminder' });
    const listed = await post('/Messages/templates', {});
    expect(listed.body.data).toMatchObject({ free_text: false, price_per_part: 0.25, currency: 'INR' });
    expect(listed.body.data.templates).toEqual([expect.objectContaining({ id: templateId })]);
  });

  it("are the only texts within India: a text of one's own is refused", async () => {
    const own = await post('/Messages/preview', { text: 'Hello', audience: { batch_id: batch } });
    expect(own).toMatchObject({ status: 400, body: { field: 'text' } });
  });
});

describe('a message to the "not watched" list', () => {
  let sendId: number;

  it('previews the first text, the count, the parts and the cost, and what is left to fill in', async () => {
    const list = await post('/Insights/topic-students', { topic_id: topic, batch_id: batch, list: 'not_watched' });
    const notWatched: number[] = list.body.data.students.map((s: { stud_id: number }) => s.stud_id);
    expect(notWatched).toHaveLength(9);
    const half = await post('/Messages/preview', {
      template_id: templateId,
      variables: { topic: 'Vectors' },
      audience: { student_ids: [...notWatched, 999_999] },
    });
    expect(half.body.data).toMatchObject({
      recipients: 9,
      left_out: 1,
      first: { student_name: 'Student 01', text: 'Dear Student 01, please watch Vectors before Friday. - {institute}' },
      parts: 1,
      cost: 2.25,
      unfilled: ['institute'],
    });
    const refused = await post('/Messages/send', {
      template_id: templateId,
      variables: { topic: 'Vectors' },
      audience: { student_ids: notWatched },
    });
    expect(refused).toMatchObject({ status: 400, body: { field: 'variables' } });
    const sent = await post('/Messages/send', {
      template_id: templateId,
      variables: { topic: 'Vectors', institute: 'Bright Academy' },
      audience: { student_ids: notWatched },
      source: 'Not watched: Vectors',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.recipients).toBe(9);
    sendId = sent.body.data.id;
  });

  it("reaches 9 outbox entries, at the bounded rate, with each recipient's status", async () => {
    const done = await until('the send to finish', async () => {
      const shown = await post('/Messages/send/show', { id: sendId });
      return shown.body.data.send.finished_at ? shown.body.data : undefined;
    });
    expect(done.send).toMatchObject({ recipients: 9, sent: 8, failed: 1, queued: 0, source: 'Not watched: Vectors' });
    const lines = (await readFile(outbox, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(8);
    expect(lines).toContainEqual({
      to: '+919000000005',
      text: 'Dear Student 05, please watch Vectors before Friday. - Bright Academy',
    });
    expect(lines.map((l) => l.to)).not.toContain('+919000000000');
    // The refused number was offered three times and failed with the gateway's reason; the flaky one went the second time.
    expect(done.recipients[0]).toMatchObject({
      mobile: REFUSED,
      status: 'failed',
      attempts: 3,
      reason: 'gateway answered 503',
    });
    expect(done.recipients.find((r: { mobile: string }) => r.mobile === FLAKY)).toMatchObject({
      status: 'sent',
      attempts: 2,
    });
    // Seven went the first time, the flaky one the second, the refused one was offered three times.
    expect(calls).toHaveLength(12);
    const gaps = calls.slice(1).map((call, i) => call.at - calls[i]!.at);
    // 20 a second: 50 ms apart (a few ms of timer slack allowed).
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1000 / RATE - 5);
  });

  it('is in the audit log: who sent what to how many', async () => {
    const log = await post('/AuditLog/list', { action: 'message.send', limit: 1 }, admin);
    expect(log.body.data.entries[0]).toMatchObject({
      actor: expect.stringMatching(/\(teacher\)$/),
      entity: 'message',
      entity_id: String(sendId),
      after: {
        template: 'Topic reminder',
        recipients: 9,
        text: 'Dear {name}, please watch Vectors before Friday. - Bright Academy',
      },
    });
    const sends = await post('/Messages/sends', {});
    expect(sends.body.data.sends[0]).toMatchObject({ id: sendId, template_name: 'Topic reminder' });
  });

  it('goes to a batch: its active members', async () => {
    await t.db.query('UPDATE students SET active = false WHERE id = $1', [ids[9]]);
    const preview = await post('/Messages/preview', {
      template_id: templateId,
      variables: { topic: 'Vectors', institute: 'Bright Academy' },
      audience: { batch_id: batch },
    });
    expect(preview.body.data).toMatchObject({ recipients: 9, first: { student_name: 'Student 00' } });
  });

  it("is out of a student's reach", async () => {
    const token = await t.tokenFor(ids[1]!);
    expect((await post('/Messages/sends', {}, token)).status).toBe(401);
    expect((await post('/Messages/send/show', { id: sendId }, token)).status).toBe(401);
  });
});
