import * as studentContract from '@portal/contract';
import * as consoleContract from '@portal/contract/console';
import { isConsoleEndpoint, staffRoles } from '@portal/contract/console';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helper.ts';

// Every console call the contract declares × every kind of caller. A call added later is covered here without
// more work: its declared roles say who must get through, and everybody else must be refused.

const calls = Object.entries(consoleContract as Record<string, unknown>).flatMap(([name, value]) =>
  isConsoleEndpoint(value) ? [[name, value] as const] : [],
);
const guarded = calls.filter(([, call]) => call.roles.length > 0);
const studentPaths = new Set(
  Object.values(studentContract).flatMap((value) =>
    typeof value === 'object' && value && 'path' in value ? [value.path] : [],
  ),
);

let t: TestApp;
const tokens: Record<string, string | undefined> = {};
beforeAll(async () => {
  t = await startTestApp();
  tokens.admin = await t.staffTokenFor('admin');
  tokens.teacher = await t.staffTokenFor('teacher');
  tokens.student = await t.tokenFor(t.demo.demoStudentId);
});
afterAll(() => t.close());

// A body no schema accepts: a call that lets the caller through answers 400 for it, so nothing changes.
const unacceptable = { role_matrix_probe: true };

describe('the console role matrix', () => {
  it('finds the console calls in the contract', () => {
    expect(guarded.length).toBeGreaterThanOrEqual(5);
  });

  describe.each(guarded)('%s', (_name, call) => {
    it.each(staffRoles)('lets %s through only when the contract allows it', async (role) => {
      const response = await t.consolePost(call.path, unacceptable, tokens[role]);
      if (call.roles.includes(role)) {
        // An upload (`bytes`) takes no JSON: the probe is refused as a file of no known kind (400), or, where only a zip
        // is taken (content packs), for its content type (415).
        const letThrough = call.body ? [400] : 'bytes' in call ? [400, 415] : [200];
        expect(letThrough, JSON.stringify(response.body)).toContain(response.status);
      } else {
        expect(response.status).toBe(403);
        expect(response.body).toEqual({ status: false, message: 'Your role does not allow this.', code: 'forbidden' });
      }
    });

    it("refuses a student's token and no token with 401", async () => {
      expect((await t.consolePost(call.path, unacceptable, tokens.student)).status).toBe(401);
      expect((await t.consolePost(call.path, unacceptable)).status).toBe(401);
    });

    it.skipIf(studentPaths.has(call.path))('is not served under the student API base', async () => {
      expect((await t.post(call.path, unacceptable, tokens.admin)).status).toBe(404);
    });
  });

  it('serves the sign-in calls to anyone (they need no token)', async () => {
    for (const [, call] of calls.filter(([, c]) => c.roles.length === 0)) {
      expect((await t.consolePost(call.path, unacceptable)).status, call.path).toBe(400);
    }
  });
});
