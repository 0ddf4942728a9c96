import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type TestApp } from './helper.ts';

let t: TestApp;
let token: string;
let me: number;
beforeAll(async () => ({ t, me, token } = await startDemoSession()));
afterAll(() => t.close());

type News = { id: number; heading: string; images: string; news: string; published_at: string };
const list = async () => (await t.post('/Student/news_events', { stud_id: me }, token)).body.data as News[];

describe('POST /Student/news_events', () => {
  it('lists news newest first at data, with heading, image and description', async () => {
    const { status, body } = await t.post('/Student/news_events', { stud_id: me }, token);
    expect(status).toBe(200);
    expect(body.data.length).toBeGreaterThanOrEqual(5);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      heading: 'Mock test for <strong>JEE Main</strong> this Sunday',
      images: '/media/news/mock-test.webp',
      news: expect.stringContaining('<strong>JEE Main mock test</strong>'),
      published_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/),
    });
    const times = body.data.map((n: News) => Date.parse(n.published_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("serves the demo's news images from /media/", async () => {
    const withImage = (await list()).find((n) => n.images)!;
    const response = await fetch(t.url + withImage.images);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('holds no script in the seeded news: the demo goes through the console’s sanitiser, hostile item included', async () => {
    const rows = await t.db.query<{ heading: string; body: string }>('SELECT heading, body FROM news');
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const row of rows) expect(row.heading + row.body).not.toMatch(/<script|<img|onerror|onmouseover|javascript:/i);
    const hostile = (await list()).find((n) => n.heading.includes('exam strategy'))!;
    expect(hostile.heading).toBe('Workshop on <em>exam strategy</em>');
    expect(hostile.news).toContain('Seats are limited to <strong>60</strong>.');
    expect(hostile.news).toContain('<a target="_blank" rel="noopener noreferrer">Register here</a>');
  });

  it('shows at most the newest 50, and nothing scheduled for later', async () => {
    await t.db.query(
      `INSERT INTO news (heading, published_at)
       SELECT 'Old notice ' || n, now() - interval '30 days' - n * interval '1 hour' FROM generate_series(1, 60) n`,
    );
    await t.db.query(`INSERT INTO news (heading, published_at) VALUES ('Next week', now() + interval '7 days')`);
    const news = await list();
    expect(news).toHaveLength(50);
    expect(news.map((n) => n.heading)).not.toContain('Next week');
    expect(news[0]!.heading).toContain('Mock test');
  });

  it('refuses a missing token (401), another student (403) and unexpected fields (400)', async () => {
    expect((await t.post('/Student/news_events', { stud_id: me })).status).toBe(401);
    expect((await t.post('/Student/news_events', { stud_id: t.demo.otherStudentId }, token)).status).toBe(403);
    expect((await t.post('/Student/news_events', { stud_id: me, limit: 1000 }, token)).status).toBe(400);
    expect((await t.post('/Student/news_events', {}, token)).status).toBe(400);
  });
});

describe('POST /Student/news_event', () => {
  it('answers one news item by id', async () => {
    const [newest] = await list();
    const { status, body } = await t.post('/Student/news_event', { stud_id: me, id: String(newest!.id) }, token);
    expect(status).toBe(200);
    expect(body.data).toEqual(newest);
  });

  it('answers 404 for an unknown id and for news not yet published', async () => {
    expect((await t.post('/Student/news_event', { stud_id: me, id: 999_999 }, token)).status).toBe(404);
    const [scheduled] = await t.db.query<{ id: number }>(
      `INSERT INTO news (heading, published_at) VALUES ('Secret', now() + interval '1 day') RETURNING id`,
    );
    const { status, body } = await t.post('/Student/news_event', { stud_id: me, id: scheduled!.id }, token);
    expect(status).toBe(404);
    expect(JSON.stringify(body)).not.toContain('Secret');
  });

  it('refuses a missing or malformed id (400), a missing token (401) and another student (403)', async () => {
    expect((await t.post('/Student/news_event', { stud_id: me }, token)).status).toBe(400);
    expect((await t.post('/Student/news_event', { stud_id: me, id: '1; DROP TABLE news' }, token)).status).toBe(400);
    expect((await t.post('/Student/news_event', { stud_id: me, id: 1 })).status).toBe(401);
    expect((await t.post('/Student/news_event', { stud_id: t.demo.otherStudentId, id: 1 }, token)).status).toBe(403);
  });
});
