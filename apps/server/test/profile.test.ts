import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('POST /Student/get_profile', () => {
  it("answers the student's own profile at data", async () => {
    const token = await t.tokenFor(t.demo.demoStudentId);
    const { status, body } = await t.post('/Student/get_profile', { stud_id: t.demo.demoStudentId }, token);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      status: true,
      data: {
        stud_id: t.demo.demoStudentId,
        name: 'Arjun Sharma',
        phone_code: '91',
        mobile: '9876543210',
        profile: { name: 'Arjun Sharma' },
      },
    });
  });

  it('accepts the id as a string of digits, as other clients send it', async () => {
    const token = await t.tokenFor(t.demo.demoStudentId);
    const { status } = await t.post('/Student/get_profile', { stud_id: String(t.demo.demoStudentId) }, token);
    expect(status).toBe(200);
  });

  it('refuses a call without a token with 401', async () => {
    const { status, body } = await t.post('/Student/get_profile', { stud_id: t.demo.demoStudentId });
    expect(status).toBe(401);
    expect(body.status).toBe(false);
  });

  it("refuses another student's id with 403 and shows nothing of them", async () => {
    const token = await t.tokenFor(t.demo.demoStudentId);
    const { status, body } = await t.post('/Student/get_profile', { stud_id: t.demo.otherStudentId }, token);
    expect(status).toBe(403);
    expect(JSON.stringify(body)).not.toContain('Meera');
  });

  it.each([
    ['malformed JSON', '{"stud_id":', 400],
    ['a missing stud_id', {}, 400],
    ['a wrongly typed stud_id', { stud_id: true }, 400],
    ['an extra field', { stud_id: 1, admin: true }, 400],
    ['an id beyond the integer range', { stud_id: '99999999999' }, 400],
  ])('answers %s with a clear 4xx, not a 500', async (_what, body, expected) => {
    const token = await t.tokenFor(t.demo.demoStudentId);
    const response = await t.post('/Student/get_profile', body, token);
    expect(response.status).toBe(expected);
    expect(response.body).toMatchObject({ status: false, message: expect.any(String) });
  });

  it('refuses an oversized body with 413', async () => {
    const token = await t.tokenFor(t.demo.demoStudentId);
    const response = await t.post('/Student/get_profile', { stud_id: 1, padding: 'x'.repeat(100_000) }, token);
    expect(response.status).toBe(413);
  });
});
