import type { Page } from 'playwright-core';
import { outboxSize, waitForCode } from './browser.ts';

/** The demo console users (apps/server/src/db/seed/staff.ts): national numbers, as waitForCode takes them. */
export const DEMO_ADMIN_MOBILE = '9811100001';
export const DEMO_TEACHER_MOBILE = '9811100002';

/** Signs a staff member in at /console through the real sign-in screen with the code from the SMS outbox (or `outbox`'s). */
export async function signInToConsole(page: Page, mobile = DEMO_ADMIN_MOBILE, outbox?: string) {
  await page.goto('/console');
  await page.waitForURL((url) => url.pathname === '/console/sign-in');
  const seen = await outboxSize(outbox);
  await page.getByLabel('Mobile number').fill(`+91 ${mobile}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  const code = await waitForCode(mobile, seen, outbox);
  await page.getByLabel('Sign-in code').fill(code);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: /^Welcome, / }).waitFor();
}
