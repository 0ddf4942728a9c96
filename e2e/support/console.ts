import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { APIRequestContext, APIResponse, Browser, Page } from 'playwright-core';
import { outboxSize, waitForCode } from './browser.ts';

/** The demo console users (apps/server/src/db/seed/staff.ts): national numbers, as waitForCode takes them. */
export const DEMO_ADMIN_MOBILE = '9811100001';
export const DEMO_TEACHER_MOBILE = '9811100002';

/** Signs a staff member in at /console through the real sign-in screen with the code from the SMS outbox (or `outbox`'s). */
export async function signInToConsoleThroughScreen(page: Page, mobile = DEMO_ADMIN_MOBILE, outbox?: string) {
  await page.goto('/console');
  await page.waitForURL((url) => url.pathname === '/console/sign-in');
  const seen = await outboxSize(outbox);
  await page.getByLabel('Mobile number').fill(`+91 ${mobile}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  // The code step says how long an unused console stays signed in (STAFF_IDLE_HOURS, 12 unless set: issue 32).
  await page.getByText('until the console goes unused for 12 hours.').waitFor();
  const code = await waitForCode(mobile, seen, outbox);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}

/**
 * Signs a staff member in through the console's API with the code from the outbox (or `outbox`'s), with `request`'s
 * cookies; answers what the sign-in screen would store: the staff member and the session's token.
 */
async function signInThroughConsoleApi(request: APIRequestContext, mobile: string, outbox?: string) {
  const post = async (path: string, data: object) =>
    (await request.post(`/console/micros/Staff${path}`, { data })).json();
  const seen = await outboxSize(outbox);
  const sent = await post('/Auth/login', { mobile: `+91 ${mobile}` });
  const verified = await post('/Auth/verifyOTP', {
    otp_ref: sent.data.otp_ref,
    otp: await waitForCode(mobile, seen, outbox),
  });
  if (!verified.token) throw new Error(`Signing in ${mobile} to the console was refused: ${verified.message}`);
  return verified as { token: string; data: unknown };
}

/**
 * Signs a staff member in through the console's API (code from the outbox, or `outbox`'s), stores the session as the
 * sign-in screen does, and opens the Overview: for the files that are not about the sign-in screen.
 */
export async function signInToConsole(page: Page, mobile = DEMO_ADMIN_MOBILE, outbox?: string) {
  const verified = await signInThroughConsoleApi(page.request, mobile, outbox);
  await page.goto('/favicon.svg');
  // The console's saved session (apps/web/src/console/lib/staff-session.ts: key consoleSession, version 1).
  await page.evaluate(
    (v) =>
      localStorage.setItem('consoleSession', JSON.stringify({ state: { staff: v.data, token: v.token }, version: 1 })),
    verified,
  );
  await page.goto('/console');
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}

/** A staff member's calls to the console's API with the session `token`, as the console's own client sends them. */
export function consoleApi(request: APIRequestContext, token: string) {
  const headers = { Token: token };
  const answer = async (response: APIResponse, what: string) => {
    if (!response.ok()) throw new Error(`${what} was refused: ${response.status()} ${await response.text()}`);
    return (await response.json()).data;
  };
  return {
    /** The answer's data; a refusal throws. */
    call: async <T>(path: string, data: object): Promise<T> =>
      answer(await request.post(`/console/micros/Staff${path}`, { data, headers }), path),
    /** Uploads the video at `path` as the console's upload does; answers its stored address. */
    uploadVideo: async (path: string): Promise<string> => {
      const name = encodeURIComponent(basename(path));
      const response = await request.post(`/console/micros/Staff/Media/upload?kind=video&name=${name}`, {
        data: await readFile(path),
        headers: { ...headers, 'Content-Type': 'application/octet-stream' },
      });
      return ((await answer(response, `Uploading ${path}`)) as { address: string }).address;
    },
  };
}

/** The console's API for the staff member signed in on `page` (signInToConsole). */
export const consoleApiOf = async (page: Page) =>
  consoleApi(
    page.request,
    await page.evaluate(() => JSON.parse(localStorage.getItem('consoleSession')!).state.token as string),
  );

/**
 * The console's API in a context of its own for a staff member signed in through it (code from the outbox, or
 * `outbox`'s): beside a student's page, for what an admin does meanwhile. `close` ends the context.
 */
export async function consoleApiFor(browser: Browser, baseURL: string, mobile: string, outbox?: string) {
  const context = await browser.newContext({ baseURL });
  const { token } = await signInThroughConsoleApi(context.request, mobile, outbox);
  return { ...consoleApi(context.request, token), close: () => context.close() };
}

/**
 * Uploads the video at `path` as the staff member signed in on `page`, makes it the only topic, `topic`, of a new
 * chapter of Physics, `chapter`, through the console's API, and opens that chapter on the console's course page, where
 * the video's preparation shows (Physics has several chapters: each opens from its heading). Answers the ids.
 */
export async function addLectureToPhysics(
  page: Page,
  path: string,
  { chapter, topic }: { chapter: string; topic: string },
) {
  const api = await consoleApiOf(page);
  const address = await api.uploadVideo(path);
  const { subjects } = await api.call<{ subjects: { id: number; name: string }[] }>('/Course/subjects', {});
  const subjectId = subjects.find((subject) => subject.name === 'Physics')?.id;
  if (subjectId === undefined) throw new Error('The demo data has no Physics');
  const chapterId = (await api.call<{ id: number }>('/Chapter/save', { subject_id: subjectId, name: chapter })).id;
  const topicId = (
    await api.call<{ id: number }>('/Topic/save', { chapter_id: chapterId, name: topic, video_link: address })
  ).id;
  await page.goto(`/console/course?subject=${subjectId}`);
  await page.getByRole('heading', { name: chapter }).getByRole('button').click();
  return { subjectId, chapterId, topicId };
}
