import type { Page } from 'playwright-core';
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
 * Signs a staff member in through the console's API (code from the outbox, or `outbox`'s), stores the session as the
 * sign-in screen does, and opens the Overview: for the files that are not about the sign-in screen.
 */
export async function signInToConsole(page: Page, mobile = DEMO_ADMIN_MOBILE, outbox?: string) {
  const post = async (path: string, data: object) =>
    (await page.request.post(`/console/micros/Staff${path}`, { data })).json();
  const seen = await outboxSize(outbox);
  const sent = await post('/Auth/login', { mobile: `+91 ${mobile}` });
  const verified = await post('/Auth/verifyOTP', {
    otp_ref: sent.data.otp_ref,
    otp: await waitForCode(mobile, seen, outbox),
  });
  if (!verified.token) throw new Error(`Signing in ${mobile} to the console was refused: ${verified.message}`);
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
