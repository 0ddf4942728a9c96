import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
let teacher: string;
let student: string;
beforeAll(async () => {
  t = await startTestApp();
  teacher = await t.staffTokenFor('teacher');
  student = await t.tokenFor(t.demo.demoStudentId);
});
afterAll(() => t.close());

const news = (path: string, body: unknown, token = teacher) => t.consolePost(`/News/${path}`, body, token);
const studentSees = async () =>
  (
    (await t.post('/Student/news_events', { stud_id: t.demo.demoStudentId }, student)).body.data as {
      heading: string;
    }[]
  ).map((n) => n.heading);

describe('news in the console', () => {
  it('keeps a new item a draft that students do not see until it is published, then takes it back', async () => {
    const saved = await news('save', { heading: 'Holiday on Friday', body: '<p>The institute is closed.</p>' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ heading: 'Holiday on Friday', status: 'draft', published_at: null });
    const id = saved.body.data.id;
    expect(await studentSees()).not.toContain('Holiday on Friday');
    expect((await t.post('/Student/news_event', { stud_id: t.demo.demoStudentId, id }, student)).status).toBe(404);

    const published = await news('publish', { id });
    expect(published.body).toMatchObject({ message: 'Students see it now.', data: { status: 'published' } });
    expect(await studentSees()).toContain('Holiday on Friday');

    expect((await news('publish', { id, at: null })).body.data.status).toBe('draft');
    expect(await studentSees()).not.toContain('Holiday on Friday');
  });

  it('schedules an item for a time ahead, and deletes one softly, with every change in the audit log', async () => {
    const { id } = (await news('save', { heading: 'Results day', body: '' })).body.data;
    const scheduled = await news('publish', { id, at: '2099-01-01T09:00:00+05:30' });
    expect(scheduled.body.data).toMatchObject({ status: 'scheduled', published_at: '2099-01-01T03:30:00Z' });
    expect(await studentSees()).not.toContain('Results day');
    expect((await news('delete', { id })).status).toBe(200);
    expect(((await news('list', {})).body.data.items as { id: number }[]).map((item) => item.id)).not.toContain(id);
    expect((await news('save', { id, heading: 'Back?' })).status).toBe(404);
    const [row] = await t.db.query<{ deleted: boolean }>(
      'SELECT deleted_at IS NOT NULL AS deleted FROM news WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ deleted: true });
    const actions = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'news' AND entity_id = $1 ORDER BY id",
      [String(id)],
    );
    expect(actions.map((a) => a.action)).toEqual(['news.add', 'news.schedule', 'news.delete']);
  });

  it('stores the HTML sanitised: no script, no handlers, no javascript: links, and links open in a new tab', async () => {
    const saved = await news('save', {
      heading: 'Mock <strong>test</strong><img src=x onerror=alert(1)>',
      body: '<p onclick="steal()">Bring a <b>pencil</b><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><a href="https://example.com/rules">rules</a><iframe src="https://evil.example"></iframe>',
    });
    expect(saved.body.data.heading).toBe('Mock <strong>test</strong>');
    expect(saved.body.data.body).toBe(
      '<p>Bring a <b>pencil</b></p><a target="_blank" rel="noopener noreferrer">x</a><a href="https://example.com/rules" target="_blank" rel="noopener noreferrer">rules</a>',
    );
    const [row] = await t.db.query<{ body: string }>('SELECT body FROM news WHERE id = $1', [saved.body.data.id]);
    expect(row!.body).not.toMatch(/script|onclick|javascript|iframe/);
  });

  it('turns a body typed as plain text into paragraphs: a blank line starts one, a single line break stays', async () => {
    const typed =
      'Dear students,\r\n\r\nThe mock test is on Sunday.\nBring your card & a pen.\n\n \n  Results < 2 days later.  \n';
    const saved = await news('save', { heading: 'Mock test', body: typed });
    expect(saved.body.data.body).toBe(
      '<p>Dear students,</p><p>The mock test is on Sunday.<br />Bring your card &amp; a pen.</p><p>Results &lt; 2 days later.</p>',
    );
    const { id } = saved.body.data;
    await news('publish', { id });
    const shown = await t.post('/Student/news_event', { stud_id: t.demo.demoStudentId, id }, student);
    expect(shown.body.data.news).toBe(saved.body.data.body);
  });

  it('keeps a body written as HTML as it is, only sanitised: its line breaks are not made paragraphs', async () => {
    const html =
      '<p>First <strong>bold</strong></p>\n\n<ul><li>one</li><li>two</li></ul><ol><li>a</li></ol><p><em>it</em> <a href="https://example.com">x</a></p><script>1</script>';
    const saved = await news('save', { heading: 'Lists', body: html });
    expect(saved.body.data.body).toBe(
      '<p>First <strong>bold</strong></p>\n\n<ul><li>one</li><li>two</li></ul><ol><li>a</li></ol><p><em>it</em> <a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a></p>',
    );
  });

  it.each([
    [{ heading: '' }, 'heading is required'],
    [{ heading: '<img src=x>' }, 'heading: nothing is left'],
    [{ heading: 'x', image: 'https://evil.example/a.png' }, 'image must be an address under /media/'],
    [{ heading: 'x', extra: 1 }, 'extra'],
  ])('refuses %j with a 400 that names the field', async (body, named) => {
    const answer = await news('save', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(named);
  });

  it('refuses a publish time without its offset, and an unknown item', async () => {
    expect((await news('publish', { id: 1, at: '2026-12-01 09:00' })).body.message).toContain(
      'at must be a time with its offset',
    );
    expect((await news('publish', { id: 999999 })).status).toBe(404);
  });

  it('is for staff only', async () => {
    expect((await news('list', {}, student)).status).toBe(401);
  });
});
