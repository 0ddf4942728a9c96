import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createPushSender, type PushSender } from '../src/push/push-sender.ts';
import { remindDueClasses } from '../src/resources/live-classes/class-reminders.ts';
import { announceDueNews } from '../src/resources/news/news-notices.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { type Arrival, type Device, type PushStandIn, startPushStandIn } from './push-stand-in.ts';

// A stand-in push service on this machine (push-stand-in.ts), whose certificate the server's Web Push is told to
// trust. Each device is a subscription the test makes: its ECDH keys and auth secret are the test's, so the test reads
// what arrives as the browser would.
let standIn: PushStandIn;
const newDevice = (gone = false) => standIn.newDevice(gone);
const read = (device: Device, arrival: Arrival) => standIn.read(device, arrival);
const arrivedAt = (device: Device) => standIn.arrivedAt(device);

let t: TestApp;
let clock = new Date('2031-03-03T10:00:00Z');
let push: PushSender;
let me: number;
let token: string;
let physics: number;

beforeAll(async () => {
  standIn = await startPushStandIn();
  // The server's own turns (class reminders, news notices, once a minute) keep a clock a day behind the test's: they
  // never meet the demo's classes of today, nor claim a class or a news item before the test's own turn does (with the
  // test's clock, a slow run could see the server's turn remind a class first, and the test's find nothing).
  t = await startTestApp({ pushAgent: standIn.agent, now: () => new Date('2031-03-02T10:00:00Z') });
  push = createPushSender(t.db, t.config.PUSH_CONTACT, pino({ level: 'silent' }), standIn.agent);
  me = t.demo.demoStudentId;
  token = await t.tokenFor(me);
  physics = t.demo.subjects.find((s) => s.name === 'Physics')!.id;
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const subscribe = (device: Device, studentId = me, as = token, language = 'en') =>
  t.post('/Student/push_subscribe', { stud_id: studentId, endpoint: device.endpoint, keys: device.keys, language }, as);
const subscriptions = async () =>
  (
    await t.db.query<{ endpoint: string; student_id: number }>('SELECT endpoint, student_id FROM push_subscriptions')
  ).map((row) => row.endpoint);

/** A batch of Physics with only `members` in it, and a class of it starting `minutes` after the test's clock. */
async function batchWithClass(members: number[], minutes: number) {
  const [batch] = await t.db.query<{ id: number }>(
    `INSERT INTO batches (subject_id, name) VALUES ($1, 'Reminder batch') RETURNING id`,
    [physics],
  );
  for (const member of members)
    await t.db.query('INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)', [member, batch!.id]);
  const [liveClass] = await t.db.query<{ id: number }>(
    `INSERT INTO live_classes (batch_id, class_name, tutor_name, online_url, starts_at, duration_minutes)
     VALUES ($1, 'Rotational motion', 'Dr. Anil Kumar', 'https://meet.example.com/r', $2, 60) RETURNING id`,
    [batch!.id, new Date(clock.getTime() + minutes * 60_000).toISOString()],
  );
  return { batchId: batch!.id, classId: liveClass!.id };
}

const remind = (minutes = 30) =>
  remindDueClasses({
    db: t.db,
    push,
    jobs: t.jobs,
    log: pino({ level: 'silent' }),
    minutes,
    timeZone: t.config.INSTITUTE_TIMEZONE,
    now: clock,
  });

describe('a push subscription', () => {
  it('is made with the key the server keeps: the same key on every ask', async () => {
    const first = await t.post('/Student/push_key', { stud_id: me }, token);
    expect(first.status).toBe(200);
    expect(first.body.data.public_key).toMatch(/^[\w-]{87}$/);
    expect((await t.post('/Student/push_key', { stud_id: me }, token)).body.data).toEqual(first.body.data);
    expect((await t.post('/Student/push_key', { stud_id: me })).status).toBe(401);
  });

  it('is saved for the signed-in student only, and refused unless it is a push address with its keys', async () => {
    const device = newDevice();
    expect((await subscribe(device, t.demo.otherStudentId)).status).toBe(403);
    const plain = await subscribe({ ...device, endpoint: 'http://127.0.0.1/push/x' });
    expect(plain.status).toBe(400);
    expect(plain.body.message).toMatch(/endpoint must be an https/);
    const noKeys = await t.post('/Student/push_subscribe', { stud_id: me, endpoint: device.endpoint }, token);
    expect(noKeys.status).toBe(400);
    const badKey = await subscribe({ ...device, keys: { ...device.keys, p256dh: 'not a key' } });
    expect(badKey.status).toBe(400);
    expect(await subscriptions()).not.toContain(device.endpoint);
    expect((await subscribe(device)).status).toBe(200);
    expect(await subscriptions()).toContain(device.endpoint);
  });

  it("is removed by the student's own turning off, not by another student's", async () => {
    const device = newDevice();
    await subscribe(device);
    const other = t.demo.otherStudentId;
    const otherToken = await t.tokenFor(other);
    await t.post('/Student/push_unsubscribe', { stud_id: other, endpoint: device.endpoint }, otherToken);
    expect(await subscriptions()).toContain(device.endpoint);
    const off = await t.post('/Student/push_unsubscribe', { stud_id: me, endpoint: device.endpoint }, token);
    expect(off.status).toBe(200);
    expect(await subscriptions()).not.toContain(device.endpoint);
  });

  it('is removed at Logout', async () => {
    const session = await t.tokenFor(me);
    const device = newDevice();
    await subscribe(device, me, session);
    expect(await subscriptions()).toContain(device.endpoint);
    expect((await t.post('/Auth/logout', {}, session)).status).toBe(200);
    expect(await subscriptions()).not.toContain(device.endpoint);
  });
});

describe('a class reminder', () => {
  // Each case counts the devices it subscribed itself.
  beforeEach(() => t.db.query('DELETE FROM push_subscriptions'));

  it('reaches the batch once, 20 minutes ahead, with the class and its link; a second turn sends nothing', async () => {
    const other = t.demo.otherStudentId;
    const mine = newDevice();
    const theirs = newDevice();
    await subscribe(mine);
    await subscribe(theirs, other, await t.tokenFor(other));
    const { batchId, classId } = await batchWithClass([me], 20);

    const sent = await remind();
    expect(sent).toEqual([{ liveClassId: classId, students: 1, pushed: 1, failed: 0, sendId: null }]);
    const [arrival] = arrivedAt(mine);
    expect(arrivedAt(mine)).toHaveLength(1);
    expect(read(mine, arrival!)).toEqual({
      title: 'Rotational motion starts in 20 minutes',
      body: 'Reminder batch, with Dr. Anil Kumar, at 3:50 pm. Tap to open the class.',
      url: `/live-classes/${physics}/${batchId}`,
      tag: `class-${classId}`,
    });
    // Signed with the key the app subscribes with (RFC 8292), kept only until the class starts.
    const key = (await t.post('/Student/push_key', { stud_id: me }, token)).body.data.public_key;
    expect(arrival!.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w.-]+, k=${key}$`));
    expect(Number(arrival!.headers.ttl)).toBe(20 * 60);
    // A student of another batch is not reminded.
    expect(arrivedAt(theirs)).toEqual([]);

    expect(await remind()).toEqual([]);
    expect(arrivedAt(mine)).toHaveLength(1);
  });

  it('goes once when two instances look at the same moment', async () => {
    const device = newDevice();
    await subscribe(device);
    await batchWithClass([me], 25);
    const [a, b] = await Promise.all([remind(), remind()]);
    expect(a.length + b.length).toBe(1);
    expect(arrivedAt(device)).toHaveLength(1);
  });

  it('is in Hindi for a device that asked in Hindi', async () => {
    const device = newDevice();
    await subscribe(device, me, token, 'hi');
    await batchWithClass([me], 10);
    await remind();
    expect(read(device, arrivedAt(device)[0]!).title).toBe('Rotational motion 10 मिनट में शुरू होगी');
  });

  it('is not sent for a class further ahead than CLASS_REMINDER_MINUTES, nor with 0', async () => {
    const device = newDevice();
    await subscribe(device);
    await batchWithClass([me], 45);
    expect(await remind(30)).toEqual([]);
    clock = new Date(clock.getTime() + 20 * 60_000);
    expect(await remind(0)).toEqual([]);
    expect(arrivedAt(device)).toEqual([]);
    expect(await remind(30)).toHaveLength(1);
    expect(arrivedAt(device)).toHaveLength(1);
  });

  it('forgets a device whose push service says it is gone', async () => {
    const device = newDevice(true);
    await subscribe(device);
    await batchWithClass([me], 5);
    expect(await remind()).toEqual([expect.objectContaining({ pushed: 0, failed: 1 })]);
    expect(await subscriptions()).not.toContain(device.endpoint);
  });
});

describe('a news notice', () => {
  const publish = async (body: Record<string, unknown>) => {
    const staff = await t.staffTokenFor('admin');
    const saved = await t.consolePost('/News/save', { heading: 'Mock test <em>on Sunday</em> &amp; more' }, staff);
    const published = await t.consolePost('/News/publish', { id: saved.body.data.id, ...body }, staff);
    expect(published.status).toBe(200);
    return saved.body.data.id as number;
  };

  it('is pushed once to every device when staff publish with "Notify students", and not without', async () => {
    const device = newDevice();
    await subscribe(device);
    const before = arrivedAt(device).length;
    await publish({});
    const id = await publish({ notify: true });
    await vi.waitFor(() => expect(arrivedAt(device)).toHaveLength(before + 1), { timeout: 5000 });
    expect(read(device, arrivedAt(device).at(-1)!)).toEqual({
      title: 'News and events',
      body: 'Mock test on Sunday & more',
      url: `/newsandevents/${id}`,
      tag: `news-${id}`,
    });
    expect(await announceDueNews({ db: t.db, push, now: clock })).toEqual([]);
    const [audit] = await t.db.query<{ after: { notify?: boolean } }>(
      `SELECT after FROM audit_log WHERE action = 'news.publish' AND entity_id = $1`,
      [id],
    );
    expect(audit!.after.notify).toBe(true);
  });

  it('waits for its scheduled time', async () => {
    const device = newDevice();
    await subscribe(device);
    const at = new Date(clock.getTime() + 3600_000);
    const id = await publish({ notify: true, at: at.toISOString() });
    expect(await announceDueNews({ db: t.db, push, now: clock })).toEqual([]);
    clock = new Date(at.getTime() + 1000);
    expect(await announceDueNews({ db: t.db, push, now: clock })).toEqual([
      { newsId: id, pushed: expect.any(Number), failed: 0 },
    ]);
    expect(read(device, arrivedAt(device).at(-1)!).url).toBe(`/newsandevents/${id}`);
  });
});

describe('CLASS_REMINDER_MINUTES and PUSH_CONTACT', () => {
  it('remind 30 minutes ahead unless told otherwise; 0 is off; a wrong value stops the server naming it', () => {
    expect(loadConfig({}).CLASS_REMINDER_MINUTES).toBe(30);
    expect(loadConfig({ CLASS_REMINDER_MINUTES: '0' }).CLASS_REMINDER_MINUTES).toBe(0);
    expect(() => loadConfig({ CLASS_REMINDER_MINUTES: '-5' })).toThrow(
      /CLASS_REMINDER_MINUTES: must be 0 \(off\) or more/,
    );
    expect(() => loadConfig({ PUSH_CONTACT: 'office@example.org' })).toThrow(/PUSH_CONTACT: must be mailto:/);
  });
});
