import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { migrate } from '../src/db/migrate.ts';
import { SessionCache } from '../src/sessions/session-cache.ts';
import { startDemoSession, type TestApp } from './helper.ts';
import { statusOf } from './status-of.ts';

// What staff set on the roster is what the student app shows and serves (docs/decisions/048): a batch the student was
// taken out of leaves their lists, and a video link of a subject they left stops working, on the next request.

let t: TestApp;
let me: number;
let token: string;
let admin: string;
beforeAll(async () => {
  ({ t, me, token } = await startDemoSession());
  admin = await t.staffTokenFor('admin');
});
afterAll(() => t.close());

const physics = () => t.demo.subjects.find((s) => s.name === 'Physics')!;
const units = () => physics().chapters.find((c) => c.name === 'Units and Measurements')!;
const batchNames = async () =>
  (
    (await t.post('/Student/batches', { stud_id: me, sub_id: physics().id }, token)).body.data as {
      batch_name: string;
    }[]
  ).map((b) => b.batch_name);
const classesOf = (batchId: number) =>
  t.post('/Student/live_classes', { stud_id: me, sub_id: physics().id, batch_id: batchId }, token);
const physicsBatch = async (name: string) =>
  (
    await t.db.query<{ id: number }>(`SELECT id FROM batches WHERE subject_id = $1 AND name = $2`, [physics().id, name])
  )[0]!.id;
/** Sets the student's enrolment on the roster, as the console's Enrol form does. */
const enrol = async (subjectIds: number[], batchIds: number[]) => {
  const saved = await t.consolePost(
    '/Students/enrol',
    { stud_id: me, subject_ids: subjectIds, batch_ids: batchIds },
    admin,
  );
  expect(saved.status).toBe(200);
};
const current = async () => {
  const { body } = await t.consolePost('/Students/get', { stud_id: me }, admin);
  return body.data.student as { subject_ids: number[]; batch_ids: number[] };
};
const videoStatus = (link: string) => statusOf(t.url + link, { headers: { Range: 'bytes=0-9' } });

describe('a batch the student is taken out of', () => {
  it('leaves Student/batches and Student/live_classes at once, while the batch they are in still shows', async () => {
    const morning = await physicsBatch('Physics Batch A (Morning)');
    const evening = await physicsBatch('Physics Batch B (Evening)');
    // Asked twice, so the session and its enrolment are remembered (sessions/session-cache.ts) before the change.
    for (let i = 0; i < 2; i++) {
      expect(await batchNames()).toEqual(['Physics Batch A (Morning)', 'Physics Batch B (Evening)']);
      expect((await classesOf(evening)).status).toBe(200);
    }

    const before = await current();
    await enrol(
      before.subject_ids,
      before.batch_ids.filter((id) => id !== evening),
    );

    expect(await batchNames()).toEqual(['Physics Batch A (Morning)']);
    const refused = await classesOf(evening);
    expect(refused.status).toBe(404);
    expect(JSON.stringify(refused.body)).not.toContain('meet.example.com');
    const kept = await classesOf(morning);
    expect(kept.status).toBe(200);
    expect(kept.body.data.length).toBeGreaterThan(0);

    await enrol(before.subject_ids, before.batch_ids);
    expect(await batchNames()).toEqual(['Physics Batch A (Morning)', 'Physics Batch B (Evening)']);
    expect((await classesOf(evening)).status).toBe(200);
  });

  it('is not shown when staff add a batch to the subject: a batch shows to the students put in it', async () => {
    const [added] = await t.db.query<{ id: number }>(
      `INSERT INTO batches (subject_id, name) VALUES ($1, 'Weekend batch') RETURNING id`,
      [physics().id],
    );
    expect(await batchNames()).not.toContain('Weekend batch');
    expect((await classesOf(added!.id)).status).toBe(404);
    const before = await current();
    await enrol(before.subject_ids, [...before.batch_ids, added!.id]);
    expect(await batchNames()).toContain('Weekend batch');
    expect(await classesOf(added!.id)).toMatchObject({ status: 200, body: { data: [] } });
  });
});

describe('a video link of a subject the student leaves', () => {
  it('stops working on the next request, and a student enrolled again gets working links again', async () => {
    const topics = await t.post('/Student/topics', { stud_id: me, chapter_id: units().id }, token);
    const file: string = topics.body.data[0].video_link;
    const playlist: string = topics.body.data[2].video_link;
    const segment = new URL('stream-00.ts', t.url + playlist).pathname;
    // Served twice, so the server remembers the session and its enrolment before the change.
    for (let i = 0; i < 2; i++)
      for (const link of [file, playlist, segment]) expect(await videoStatus(link), link).toBe(206);
    // Nor does the browser keep a copy for longer than a minute without asking again.
    expect((await fetch(t.url + file, { method: 'HEAD' })).headers.get('cache-control')).toBe('private, max-age=60');

    const before = await current();
    const physicsBatches = await t.db.query<{ id: number }>(`SELECT id FROM batches WHERE subject_id = $1`, [
      physics().id,
    ]);
    await enrol(
      before.subject_ids.filter((id) => id !== physics().id),
      before.batch_ids.filter((id) => !physicsBatches.some((b) => b.id === id)),
    );

    for (const link of [file, playlist, segment]) expect(await videoStatus(link), link).toBe(403);
    expect((await t.post('/Student/topics', { stud_id: me, chapter_id: units().id }, token)).status).toBe(404);
    // Another subject's link of the same session still plays.
    const maths = t.demo.subjects.find((s) => s.name === 'Mathematics')!;
    const other = await t.post('/Student/topics', { stud_id: me, chapter_id: maths.chapters[0]!.id }, token);
    const mathsVideo = (other.body.data as { video_link: string }[]).find((topic) =>
      topic.video_link.startsWith('/media/v/'),
    )!.video_link;
    expect(await videoStatus(mathsVideo)).toBe(206);

    await enrol(before.subject_ids, before.batch_ids);
    const again = await t.post('/Student/topics', { stud_id: me, chapter_id: units().id }, token);
    expect(again.status).toBe(200);
    expect(await videoStatus(again.body.data[0].video_link)).toBe(206);
  });

  it('stops working too when the enrolment ends by other SQL (another instance, a command)', async () => {
    const topics = await t.post('/Student/topics', { stud_id: me, chapter_id: units().id }, token);
    const file: string = topics.body.data[0].video_link;
    expect(await videoStatus(file)).toBe(206);
    expect(await videoStatus(file)).toBe(206);
    await t.db.query(`DELETE FROM enrolments WHERE student_id = $1 AND subject_id = $2`, [me, physics().id]);
    expect(await videoStatus(file)).toBe(403);
    await t.db.query(`INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)`, [me, physics().id]);
    expect(await videoStatus(file)).toBe(206);
  });
});

describe('the upgrade to batches that follow batch_members (migration 090)', () => {
  it('puts a student enrolled in a subject but in none of its batches in all of them, and leaves one in some with exactly those', async () => {
    const chemistry = t.demo.subjects.find((s) => s.name === 'Chemistry')!;
    const batches = await t.db.query<{ id: number }>(`SELECT id FROM batches WHERE subject_id = $1 ORDER BY id`, [
      chemistry.id,
    ]);
    const students = await t.db.query<{ id: number }>(
      `INSERT INTO students (name, phone_code, mobile) VALUES ('In no batch', '91', '7000000001'), ('In one batch', '91', '7000000002') RETURNING id`,
    );
    const [none, one] = students.map((student) => student.id);
    await t.db.query(`INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $3), ($2, $3)`, [
      none,
      one,
      chemistry.id,
    ]);
    await t.db.query(`INSERT INTO batch_members (student_id, batch_id) VALUES ($1, $2)`, [one, batches[0]!.id]);

    await t.db.query(`DROP VIEW reachable_batches`);
    await t.db.query(`DELETE FROM schema_migrations WHERE name = '090_batch_membership.sql'`);
    expect(await migrate(t.db)).toEqual(['090_batch_membership.sql']);

    const membersOf = async (student: number | undefined) =>
      (
        await t.db.query<{ batch_id: number }>(
          `SELECT batch_id FROM batch_members WHERE student_id = $1 ORDER BY batch_id`,
          [student],
        )
      ).map((m) => m.batch_id);
    expect(await membersOf(none)).toEqual(batches.map((b) => b.id));
    expect(await membersOf(one)).toEqual([batches[0]!.id]);
  });
});

describe("the session cache's memory of enrolments", () => {
  const hash = 'f'.repeat(64);
  const listening = () => {
    const cache = new SessionCache();
    cache.setListening(true);
    return cache;
  };
  afterEach(() => vi.useRealTimers());

  it('answers a subject only once found enrolled, and forgets it with the student on an ended enrolment', () => {
    const cache = listening();
    const far = Date.now() + 3_600_000;
    cache.remember(cache.ticket(), hash, 7, far);
    expect(cache.getReaching(hash, 3)).toBeUndefined();
    cache.remember(cache.ticket(), hash, 7, far, 3);
    expect(cache.getReaching(hash, 3)).toBe(7);
    expect(cache.getReaching(hash, 4)).toBeUndefined();
    cache.onNotice('student:7');
    expect(cache.getReaching(hash, 3)).toBeUndefined();
    expect(cache.get(hash)).toBeUndefined();
  });

  it('does not keep an enrolment read before an ended one was announced', () => {
    const cache = listening();
    const ticket = cache.ticket();
    cache.onNotice('student:7');
    cache.remember(ticket, hash, 7, Date.now() + 3_600_000, 3);
    expect(cache.getReaching(hash, 3)).toBeUndefined();
  });

  it('asks the database again within a minute even if no notice ever comes, however often the link is served', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const cache = listening();
    const far = Date.now() + 3_600_000;
    cache.remember(cache.ticket(), hash, 7, far);
    vi.advanceTimersByTime(25_000);
    // Found enrolled 25 s after the session was read: remembered only as long as the session itself.
    cache.remember(cache.ticket(), hash, 7, far, 3);
    expect(cache.getReaching(hash, 3)).toBe(7);
    vi.advanceTimersByTime(5_001);
    expect(cache.getReaching(hash, 3)).toBeUndefined();
    cache.remember(cache.ticket(), hash, 7, far, 3);
    vi.advanceTimersByTime(59_999);
    expect(cache.getReaching(hash, 3)).toBeUndefined();
  });

  it('remembers nothing while it cannot hear of changes', () => {
    const cache = new SessionCache();
    cache.remember(cache.ticket(), hash, 7, Date.now() + 3_600_000, 3);
    expect(cache.getReaching(hash, 3)).toBeUndefined();
  });
});
