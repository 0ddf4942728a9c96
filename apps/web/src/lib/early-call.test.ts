import { getChapters } from '@portal/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { callApi } from './api-client.ts';
import { earlyCallKey } from './early-call.ts';
import { useSession } from './session-store.ts';

const chapter = { chapter_id: 4, chapter_name: 'Kinematics', subject_id: 3, subject_name: 'Physics' };
const answer = (name: string) =>
  new Response(JSON.stringify({ status: true, message: 'OK', data: [{ ...chapter, chapter_name: name }] }), {
    headers: { 'Content-Type': 'application/json' },
  });

/** What boot.js leaves for the app when it started the chapters call of /chapters/3. */
function startedByBoot({ token = 'session-token', at = Date.now() } = {}) {
  window.__earlyCall = {
    key: earlyCallKey('/Student/chapters', { sub_id: 3, stud_id: 7 }),
    token,
    at,
    response: Promise.resolve(answer('From boot.js')),
  };
}

beforeEach(() => useSession.setState({ token: 'session-token' }));
afterEach(() => delete window.__earlyCall);

describe('a data call that boot.js already started', () => {
  it('takes its answer instead of asking the server again, once', async () => {
    const calls = mockApi({ '/Student/chapters': () => ok([{ ...chapter, chapter_name: 'From the server' }]) });
    startedByBoot();
    const first = await callApi(getChapters, { stud_id: 7, sub_id: 3 });
    expect(first.data[0]?.chapter_name).toBe('From boot.js');
    expect(calls).toEqual([]);
    const again = await callApi(getChapters, { stud_id: 7, sub_id: 3 });
    expect(again.data[0]?.chapter_name).toBe('From the server');
    expect(calls).toHaveLength(1);
  });

  it('is not used for another call, another session or after a minute', async () => {
    const calls = mockApi({ '/Student/chapters': () => ok([{ ...chapter, chapter_name: 'From the server' }]) });
    startedByBoot();
    await callApi(getChapters, { stud_id: 7, sub_id: 5 });
    startedByBoot({ token: 'an-earlier-session' });
    await callApi(getChapters, { stud_id: 7, sub_id: 3 });
    startedByBoot({ at: Date.now() - 61_000 });
    const late = await callApi(getChapters, { stud_id: 7, sub_id: 3 });
    expect(late.data[0]?.chapter_name).toBe('From the server');
    expect(calls).toHaveLength(3);
  });

  it('still checks the answer: a refused session signs the student out', async () => {
    mockApi({});
    window.__earlyCall = {
      key: earlyCallKey('/Student/chapters', { stud_id: 7, sub_id: 3 }),
      token: 'session-token',
      at: Date.now(),
      response: Promise.resolve(
        new Response(JSON.stringify({ status: false, message: 'Please sign in again' }), { status: 401 }),
      ),
    };
    await expect(callApi(getChapters, { stud_id: 7, sub_id: 3 })).rejects.toThrow('Please sign in again');
    expect(useSession.getState().token).toBeNull();
  });
});
