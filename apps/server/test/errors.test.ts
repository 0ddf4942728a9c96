import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: 'courses' });
});
afterAll(() => t.close());

describe('errors', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const { status, body } = await t.post('/Student/no_such_call', { stud_id: 1 });
    expect(status).toBe(404);
    expect(body).toEqual({ status: false, message: 'Not found.', code: 'not_found' });
  });

  it.each(['/media/%E0%A4%A', '/console/micros/Api/Student/materials/1/%ZZ'])(
    'answers a malformed address (%s) with a JSON 400',
    async (path) => {
      const response = await fetch(t.url + path);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        status: false,
        message: 'This address is malformed.',
        code: 'bad_request',
      });
    },
  );

  it.each([
    ['text/plain', 400],
    ['application/x-www-form-urlencoded', 415],
  ])('refuses a %s body with a %i that says so', async (type, expected) => {
    const token = await t.tokenFor(t.demo.demoStudentId);
    const response = await fetch(`${t.url}${t.config.API_BASE}/Student/subjects`, {
      method: 'POST',
      headers: { 'Content-Type': type, Token: token },
      body: 'stud_id=1',
    });
    expect(response.status).toBe(expected);
    expect(await response.json()).toMatchObject({ status: false, message: expect.any(String) });
  });

  it('keeps serving after a database failure, without showing its internals', async () => {
    const token = await t.tokenFor(t.demo.demoStudentId);
    await t.db.query('ALTER TABLE subjects RENAME TO subjects_away');
    try {
      const { status, body } = await t.post('/Student/subjects', { stud_id: t.demo.demoStudentId }, token);
      expect(status).toBe(500);
      expect(body.status).toBe(false);
      expect(body.message).not.toMatch(/subjects|relation|SQL/i);
    } finally {
      await t.db.query('ALTER TABLE subjects_away RENAME TO subjects');
    }
    const { status } = await t.post('/Student/subjects', { stud_id: t.demo.demoStudentId }, token);
    expect(status).toBe(200);
  });

  it('sends a strict content-security policy', async () => {
    const response = await fetch(`${t.url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it.each([
    ['a student call', 'API_BASE', '/Student/subjects'],
    ['a console call', 'CONSOLE_API_BASE', '/Registrations/list'],
  ] as const)("answers %s with the headers that matter for data, not a page's", async (_name, base, path) => {
    const response = await fetch(t.url + t.config[base] + path, { method: 'POST' });
    expect(response.status).toBeGreaterThanOrEqual(400);
    const header = (name: string) => response.headers.get(name);
    // Opened as a page, nothing in it may run, load or be framed; never sniffed as another type; no other site loads it.
    expect(header('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(header('x-content-type-options')).toBe('nosniff');
    expect(header('cross-origin-resource-policy')).toBe('same-origin');
    expect(header('x-frame-options')).toBe('DENY');
    expect(header('strict-transport-security')).toMatch(/^max-age=\d+/);
    for (const pageOnly of [
      'referrer-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
    ]) {
      expect(header(pageOnly)).toBeNull();
    }
  });
});

describe('the published contract', () => {
  it('describes every call at {API_BASE}/openapi.json, with its body schema', async () => {
    const { status, body } = await t.get('/openapi.json');
    expect(status).toBe(200);
    const chapters = body.paths[`${t.config.API_BASE}/Student/chapters`].post;
    expect(chapters.requestBody.content['application/json'].schema.required).toEqual(['stud_id', 'sub_id']);
    expect(chapters.security).toEqual([{ token: [] }]);
  });

  it('describes the console calls under CONSOLE_API_BASE, with the roles each allows', async () => {
    const { body } = await t.get('/openapi.json');
    const add = body.paths[`${t.config.CONSOLE_API_BASE}/Members/add`].post;
    expect(add['x-roles']).toEqual(['admin']);
    expect(add.requestBody.content['application/json'].schema.required).toEqual(['name', 'mobile', 'role']);
    expect(body.paths[`${t.config.CONSOLE_API_BASE}/Auth/login`].post.security).toBeUndefined();
    // A content pack is the zip's bytes, not JSON; no query.
    const pack = body.paths[`${t.config.CONSOLE_API_BASE}/Content/import_preview`].post;
    expect(Object.keys(pack.requestBody.content)).toEqual(['application/zip', 'application/octet-stream']);
    expect(pack.parameters).toBeUndefined();
    expect(body.paths[`${t.config.CONSOLE_API_BASE}/Media/upload`].post.parameters[0].name).toBe('kind');
  });
});
