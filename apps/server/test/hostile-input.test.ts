import * as contract from '@portal/contract';
import * as downloads from '@portal/contract/downloads';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDemoSession, type TestApp } from './helper.ts';

// Every call of the contract, fed bodies that no client of ours sends: each must be refused with a 4xx
// and a message, or answered normally, never a 5xx, and the server must keep answering afterwards.

interface AnyEndpoint {
  method: 'GET' | 'POST';
  path: string;
  auth: boolean;
  body?: { _zod: { def: { type: string; shape?: Record<string, unknown> } } };
}
// The calls of modules kept out of the index (the student app's first load imports it) are fuzzed too.
const endpoints = ([...Object.values(contract), ...Object.values(downloads)] as unknown[]).filter(
  (value): value is AnyEndpoint => typeof value === 'object' && value !== null && 'path' in value && 'method' in value,
);

const hostileValues: unknown[] = [
  null,
  -1,
  0,
  1.5,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  '1e3',
  '',
  ' 1',
  '0x10',
  'x'.repeat(5000),
  '1; DROP TABLE students; --',
  '\u0000',
  '../../etc/passwd',
  true,
  {},
  [],
  [{ question_id: '1', answer: { $ne: null } }],
  { $gt: 0 },
];

const hostileBodies: (string | unknown)[] = ['{', '[]', 'null', '"text"', '42', '{"stud_id": 1, "stud_id": 2}', [1, 2]];

let t: TestApp;
let token: string;
let me: number;
beforeAll(async () => ({ t, me } = await startDemoSession()));
afterAll(() => t.close());
// A live session for every test: /Auth/logout ends the one it is given, and a dead token would stop every
// call at the 401 before its body is even looked at.
beforeEach(async () => {
  token = await t.tokenFor(me);
});

async function expectRefusedOrAnswered(path: string, body: unknown, { mustRefuse = false } = {}) {
  const { status, body: answer } = await t.post(path, body, token);
  expect(status, `${path} with ${JSON.stringify(body)?.slice(0, 80)}`).toBeLessThan(500);
  if (mustRefuse) expect(status, `${path} with ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
  expect(typeof answer?.status, `${path} answers the envelope`).toBe('boolean');
  if (status >= 400) expect(answer.message, `${path} says why`).toMatch(/\w/);
  // …and why as a code the student app translates (docs/decisions/058).
  if (status >= 400) expect(contract.REFUSAL_CODES, `${path} names its refusal`).toContain(answer.code);
}

describe('hostile input to every call', () => {
  it('finds the calls of the contract', () => {
    expect(endpoints.length).toBeGreaterThanOrEqual(20);
  });

  for (const endpoint of endpoints.filter((e) => e.method === 'POST')) {
    const fields = Object.keys(endpoint.body?._zod.def.shape ?? {});

    it(`${endpoint.path}: refuses malformed bodies with a 4xx`, async () => {
      // A call whose body may be left out (logout) takes JSON null as no body.
      const bodyOptional = endpoint.body?._zod.def.type === 'optional';
      for (const body of hostileBodies) {
        await expectRefusedOrAnswered(endpoint.path, body, { mustRefuse: !(bodyOptional && body === 'null') });
      }
    });

    if (fields.length > 0) {
      it(`${endpoint.path}: refuses odd values of ${fields.join(', ')} with a 4xx, never a 5xx`, async () => {
        // The other fields hold plausible values, so each odd value is what the call has to judge.
        const plausible = Object.fromEntries(fields.map((field) => [field, field === 'stud_id' ? me : 1]));
        for (const field of fields) {
          for (const value of hostileValues)
            await expectRefusedOrAnswered(endpoint.path, { ...plausible, [field]: value });
        }
      });
    }
  }

  it('is still answering afterwards', async () => {
    const { status, body } = await t.post('/Student/get_profile', { stud_id: me }, token);
    expect(status).toBe(200);
    expect(body.status).toBe(true);
  });
});
