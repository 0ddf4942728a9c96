import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AnswerCache } from '../src/http/answer-cache.ts';
import { startDemoSession, type TestApp } from './helper.ts';

// List calls answer from memory for a few seconds (http/answer-cache.ts); these tests hold that a student never sees
// an answer a change has made wrong: not their own progress, not a change by staff, another instance or a command.

let t: TestApp;
let me: number;
let token: string;

beforeAll(async () => {
  ({ t, me, token } = await startDemoSession());
});
afterAll(() => t.close());

const subjectNames = async (student: number, tok: string) =>
  ((await t.post('/Student/subjects', { stud_id: student }, tok)).body.data.data as { subject_name: string }[]).map((s) => s.subject_name);
const topicsOf = async (chapterId: number) => (await t.post('/Student/topics', { stud_id: me, chapter_id: chapterId }, token)).body.data as any[];
const history = async () => (await t.post('/Student/recently_watched', { stud_id: me }, token)).body.data.data as any[];
/** Well under the 30 s an answer may be remembered: a change must show long before that. */
const soon = { timeout: 5000, interval: 20 };

describe('answers remembered for a moment', () => {
  it('show a change made by other SQL (another instance, a command) on the next calls', async () => {
    const chapterId = t.demo.subjects[0]!.chapters[0]!.id;
    const before = await topicsOf(chapterId);
    expect(await topicsOf(chapterId)).toEqual(before);
    await t.db.query(`UPDATE topics SET name = 'Renamed elsewhere' WHERE id = $1`, [before[0].topic_id]);
    await vi.waitFor(async () => expect((await topicsOf(chapterId))[0].topic_name).toBe('Renamed elsewhere'), soon);
  });

  it("show the student's own progress at once", async () => {
    const chapterId = t.demo.subjects[0]!.chapters[0]!.id;
    const [topic] = await topicsOf(chapterId);
    await history();
    await history();
    const saved = await t.post('/Student/watched', { stud_id: me, topic_id: topic.topic_id, position_seconds: 42, duration_seconds: 600 }, token);
    expect(saved.status).toBe(200);
    expect((await history())[0].topic_id).toBe(topic.topic_id);
  });

  it('drop a subject the moment its enrolment ends', async () => {
    const subject = t.demo.subjects[1]!;
    expect(await subjectNames(me, token)).toContain(subject.name);
    await t.db.query(`DELETE FROM enrolments WHERE student_id = $1 AND subject_id = $2`, [me, subject.id]);
    await vi.waitFor(async () => expect(await subjectNames(me, token)).not.toContain(subject.name), soon);
    await vi.waitFor(async () => expect((await t.post('/Student/chapters', { stud_id: me, sub_id: subject.id }, token)).status).toBe(404), soon);
    await t.db.query(`INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2)`, [me, subject.id]);
    await vi.waitFor(async () => expect(await subjectNames(me, token)).toContain(subject.name), soon);
  });

  it("are each session's own: one student's answer never reaches another", async () => {
    const other = t.demo.otherStudentId;
    const subject = t.demo.subjects[0]!;
    await t.db.query(`INSERT INTO enrolments (student_id, subject_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [me, subject.id]);
    await t.db.query(`DELETE FROM enrolments WHERE student_id = $1 AND subject_id = $2`, [other, subject.id]);
    const otherToken = await t.tokenFor(other);
    await vi.waitFor(async () => expect(await subjectNames(me, token)).toContain(subject.name), soon);
    expect(await subjectNames(me, token)).toContain(subject.name);
    expect(await subjectNames(other, otherToken)).not.toContain(subject.name);
  });

  it('are refused with the session: a signed-out token gets 401, not the remembered answer', async () => {
    const mine = await t.tokenFor(me);
    await subjectNames(me, mine);
    await subjectNames(me, mine);
    expect((await t.post('/Auth/logout', {}, mine)).status).toBe(200);
    expect((await t.post('/Student/subjects', { stud_id: me }, mine)).status).toBe(401);
  });

  it('are forgotten when any table a student answer reads changes: every table announces, or is listed as read by none', async () => {
    const readByNoStudentAnswer = ['otp_challenges', 'sessions', 'staff', 'audit_log', 'registration_requests', 'wrong_codes', 'number_locks', 'schema_migrations', 'known_devices', 'registration_budget_refusals'];
    const tables = await t.db.query<{ name: string; announced: boolean }>(
      `SELECT c.relname AS name,
              EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_proc p ON p.oid = g.tgfoid
                       WHERE g.tgrelid = c.oid AND p.proname LIKE 'announce\\_%\\_change' AND p.proname <> 'announce_session_change') AS announced
         FROM pg_class c WHERE c.relkind = 'r' AND c.relnamespace = current_schema()::regnamespace ORDER BY 1`,
    );
    const unaccounted = tables.filter((table) => !table.announced && !readByNoStudentAnswer.includes(table.name)).map((table) => table.name);
    expect(tables.length).toBeGreaterThan(10);
    expect(unaccounted).toEqual([]);
  });
});

describe('AnswerCache', () => {
  const listening = () => {
    const cache = new AnswerCache();
    cache.setListening(true);
    return cache;
  };

  it('does not keep an answer read before a change to its student', () => {
    const cache = listening();
    const ticket = cache.ticket();
    cache.onNotice('student:7');
    cache.remember(ticket, 7, 'k', 'old', 30_000);
    expect(cache.get(7, 'k')).toBeUndefined();
    cache.remember(cache.ticket(), 7, 'k', 'new', 30_000);
    expect(cache.get(7, 'k')).toBe('new');
  });

  it("forgets one student's answers for their change, everyone's for shared content", () => {
    const cache = listening();
    cache.remember(cache.ticket(), 7, 'k', 'seven', 30_000);
    cache.remember(cache.ticket(), 8, 'k', 'eight', 30_000);
    cache.onNotice('student:7');
    expect([cache.get(7, 'k'), cache.get(8, 'k')]).toEqual([undefined, 'eight']);
    cache.onNotice('all');
    expect(cache.get(8, 'k')).toBeUndefined();
  });

  it('remembers nothing while it cannot hear of changes, and nothing past its time', () => {
    const cache = new AnswerCache();
    cache.remember(cache.ticket(), 7, 'k', 'deaf', 30_000);
    expect(cache.get(7, 'k')).toBeUndefined();
    cache.setListening(true);
    cache.remember(cache.ticket(), 7, 'k', 'gone', -1);
    expect(cache.get(7, 'k')).toBeUndefined();
  });
});
