import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PHONE } from '../src/db/seed/courses.ts';
import { startTestApp, type TestApp } from './helper.ts';
import { statusOf } from './status-of.ts';

const metricsToken = 'a-metrics-token-of-32-characters';

describe('health, readiness and addresses that are not pages', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    await writeFile(join(webDist, 'login.html'), '<!doctype html><title>portal</title><h1>Portal login</h1>');
    t = await startTestApp({ seed: 'courses', env: { WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it('answers /healthz and /readyz with JSON', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await fetch(t.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(((await response.json()) as { status: boolean }).status, path).toBe(true);
    }
  });

  it('is not ready while a migration is not applied', async () => {
    const [last] = await t.db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1');
    await t.db.query('DELETE FROM schema_migrations WHERE name = $1', [last!.name]);
    try {
      const response = await fetch(`${t.url}/readyz`);
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({ status: false, message: `Migrations not applied: ${last!.name}` });
      expect(await statusOf(`${t.url}/healthz`)).toBe(200);
    } finally {
      await t.db.query('INSERT INTO schema_migrations (name) VALUES ($1)', [last!.name]);
    }
  });

  it.each([
    '/metrics',
    '/anything.js',
    '/console/micros/Api/Student/subjectz',
    '/console/micros/api/Student/subjects',
    '/readyz/x',
    '/media/nothing/here',
  ])('answers %s with a JSON 404, not the web app', async (path) => {
    const response = await fetch(t.url + path);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ status: false, message: 'Not found.', code: 'not_found' });
  });

  it('still gives a deep link of the web app its page', async () => {
    const response = await fetch(`${t.url}/topic/3`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>portal</title>');
  });

  it('gives /login its page with the login screen drawn in, and no other address', async () => {
    for (const path of ['/login', '/login?next=%2F']) {
      const response = await fetch(t.url + path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(await response.text(), path).toContain('<h1>Portal login</h1>');
    }
    for (const path of ['/', '/login/x', '/subjects'])
      expect(await (await fetch(t.url + path)).text(), path).not.toContain('Portal login');
  });
});

// Prometheus's own linter; CI installs it (scripts/ensure-promtool.sh), so there the check never goes unrun.
const promtool = spawnSync('promtool', ['--version']).status === 0;

describe('GET /metrics with METRICS_TOKEN set', () => {
  let t: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'web-dist-'));
    await writeFile(join(webDist, 'index.html'), '<!doctype html><title>portal</title>');
    await mkdir(join(webDist, 'assets'));
    for (const name of ['index-B3xk9.js', 'index-Qa71f.css'])
      await writeFile(join(webDist, 'assets', name), '/* built */');
    t = await startTestApp({ seed: 'courses', env: { METRICS_TOKEN: metricsToken, WEB_DIST: webDist } });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });
  const scrape = async () =>
    (await fetch(`${t.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } })).text();

  it('needs the bearer token', async () => {
    expect(await statusOf(`${t.url}/metrics`)).toBe(401);
    expect(await statusOf(`${t.url}/metrics`, { headers: { Authorization: 'Bearer wrong' } })).toBe(401);
    expect(await statusOf(`${t.url}/metrics`, { headers: { Authorization: metricsToken } })).toBe(401);
  });

  it('counts requests by route pattern and status with durations, and sign-in failures', async () => {
    const login = await t.post('/Auth/login', DEMO_PHONE);
    await t.post('/Auth/verifyOTP', { otp_ref: login.body.data.otp_ref, otp: '0000' });
    await t.post('/Auth/verifyOTP', { otp_ref: login.body.data.otp_ref, otp: '0001' });
    await fetch(`${t.url}/media/subjects/physics.webp`);
    const student = t.demo.demoStudentId;
    const token = await t.tokenFor(student);
    for (let i = 0; i < 3; i++)
      expect((await t.post('/Student/subjects', { stud_id: student }, token)).status).toBe(200);
    const response = await fetch(`${t.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="POST",route="\/console\/micros\/Api\/Auth\/login",status="200"\} 1\n/,
    );
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/media\/\*",status="200"\} 1\n/,
    );
    expect(text).toMatch(
      /portal_http_request_duration_seconds_bucket\{le="0\.1",method="POST",route="\/console\/micros\/Api\/Auth\/login",status="200"\} [01]\n/,
    );
    expect(text).toMatch(/portal_sign_in_failures_total 2\n/);
    expect(text).toMatch(/portal_sms_sends_total\{provider="log",result="sent"\} 1\n/);
    if (t.db.kind === 'postgres') expect(text).toMatch(/portal_db_pool_connections\{state="waiting"\} 0\n/);
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="POST",route="\/console\/micros\/Api\/Student\/subjects",status="200"\} 3\n/,
    );
  });

  it("counts the web app's hashed assets under one route, whatever their names", async () => {
    for (const name of ['index-B3xk9.js', 'index-Qa71f.css'])
      expect(await statusOf(`${t.url}/assets/${name}`)).toBe(200);
    const text = await scrape();
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{method="GET",route="\/assets\/\*",status="200"\} 2\n/,
    );
    expect(text).not.toContain('index-B3xk9');
  });

  it("shows the process's memory, heap, event-loop lag, CPU and start time", async () => {
    const text = await scrape();
    for (const series of [
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_eventloop_lag_p99_seconds',
      'process_cpu_seconds_total',
      'process_start_time_seconds',
    ]) {
      expect(text, series).toMatch(new RegExp(`^${series} [\\d.e+-]+$`, 'm'));
    }
    expect(text).toMatch(/^# TYPE nodejs_gc_duration_seconds histogram$/m);
  });

  it.runIf(promtool || process.env.CI)('passes promtool check metrics', async () => {
    await fetch(`${t.url}/healthz`);
    const check = spawnSync('promtool', ['check', 'metrics'], { input: await scrape(), encoding: 'utf8' });
    expect({ status: check.status, said: `${check.stdout}${check.stderr}` }).toEqual({ status: 0, said: '' });
  });
});

describe('request ids and secrets in production logs', () => {
  let t: TestApp;
  const logLines: string[] = [];
  const texts: string[] = [];
  beforeAll(async () => {
    t = await startTestApp({
      logLines,
      env: { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), SMS_PROVIDER: 'log' },
      sms: { send: async (_to, text) => void texts.push(text) },
    });
  });
  afterAll(() => t.close());

  it('keeps a received X-Request-Id, answers it back and logs it; makes one up otherwise', async () => {
    const given = await fetch(`${t.url}/healthz`, { headers: { 'X-Request-Id': 'proxy-7f3a.42' } });
    expect(given.headers.get('x-request-id')).toBe('proxy-7f3a.42');
    // One line for the request, written once it is answered: what was asked, the status and the time taken.
    const lines = logLines.map((line) => JSON.parse(line)).filter((line) => line.reqId === 'proxy-7f3a.42');
    expect(lines).toEqual([
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/healthz' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    // pino's fields in pino's order, which log collectors are set up to read.
    expect(Object.keys(lines[0])).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(lines[0]).toMatchObject({
      level: 30,
      pid: process.pid,
      req: { method: 'GET', url: '/healthz', remoteAddress: '127.0.0.1' },
      msg: 'request completed',
    });
    const made = await fetch(`${t.url}/healthz`, { headers: { 'X-Request-Id': 'not an id <script>' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('never writes a session token, a sign-in code, its reference or a signed media link', async () => {
    logLines.length = 0;
    const login = await t.post('/Auth/login', DEMO_PHONE);
    const otpRef: string = login.body.data.otp_ref;
    const code = /\b(\d{4})\b/.exec(texts.at(-1)!)![1]!;
    // A wrong try first, so a refusal is logged too.
    await t.post('/Auth/verifyOTP', { otp_ref: otpRef, otp: code === '0000' ? '1111' : '0000' });
    const signedIn = await t.post('/Auth/verifyOTP', { otp_ref: otpRef, otp: code });
    const token: string = signedIn.body.token;
    expect(token).toBeTruthy();
    const me = t.demo.demoStudentId;
    const units = t.demo.subjects
      .find((s) => s.name === 'Physics')!
      .chapters.find((c) => c.name === 'Units and Measurements')!;
    const topics = await t.post('/Student/topics', { stud_id: me, chapter_id: units.id }, token);
    const video: string = topics.body.data[0].video_link;
    const signature = video.split('/')[3]!;
    expect(await statusOf(t.url + video, { headers: { Range: 'bytes=0-9' } })).toBe(206);
    await fetch(`${t.url}/media/v/${signature}/videos/missing.webm`);
    const materials = await t.post(
      '/Student/study_materials',
      { stud_id: me, sub_id: units.subjectId, chapter_id: units.id },
      token,
    );
    expect(await statusOf(t.url + materials.body.data[0].path, { headers: { Token: token } })).toBe(200);
    await t.post('/Student/topics', { stud_id: me, chapter_id: 'x' }, token);

    const log = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(5);
    for (const secret of [token, otpRef, signature, signature.split('.')[2]!]) expect(log).not.toContain(secret);
    expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    expect(log).toContain('/media/v/[signed]/videos/');
  });
});
