import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

export const DEMO_MOBILE = '9876543210';
export const OTHER_MOBILE = '9123456780';

export const phone: BrowserContextOptions = {
  viewport: { width: 360, height: 740 },
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};
export const desktop: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

/**
 * Debian's Chromium, headless, with the flags this closed network needs: its headless shell when installed
 * (scripts/ensure-chromium.sh), the same engine for a quarter less CPU than the full browser; CHROMIUM_PATH names
 * another (/usr/bin/chromium for the full one).
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
export const browserOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--autoplay-policy=no-user-gesture-required',
  ],
};

export function launchBrowser(): Promise<Browser> {
  return chromium.launch(browserOptions);
}

/**
 * A page in a fresh context (no stored session), on the shared server unless `options` names another `baseURL`;
 * page errors are collected in `errors`.
 */
export async function openPage(browser: Browser, options: BrowserContextOptions = desktop) {
  const context = await browser.newContext({ baseURL: inject('baseUrl'), ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { page, errors, close: () => context.close() };
}

interface OutboxMessage {
  to: string;
  text: string;
}

export async function readOutbox(outbox = inject('outbox')): Promise<OutboxMessage[]> {
  const text = await readFile(outbox, 'utf8').catch(() => '');
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as OutboxMessage);
}

/**
 * Waits for an SMS to `+91{mobile}` beyond the first `seen` messages and returns its four-digit code (from the shared
 * server's outbox, or the one named: a portal of the test's own).
 */
export async function waitForCode(mobile: string, seen: number, outbox?: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const fresh = (await readOutbox(outbox)).slice(seen).filter((m) => m.to === `+91${mobile}`);
    const code = fresh.at(-1)?.text.match(/\b(\d{4,8})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No code was sent to +91${mobile}`);
}

export const outboxSize = async (outbox?: string) => (await readOutbox(outbox)).length;

/**
 * Opens /login and waits for the app's own screen: the copy drawn before the app's code arrives takes no input
 * (docs/decisions/045-login-drawn-before-its-code.md).
 */
export async function openLogin(page: Page) {
  await page.goto('/login');
  await page.locator('[data-prerendered]').waitFor({ state: 'detached' });
}

/** Asks for a code on the login screen; returns the code read from the SMS outbox. */
export async function requestCode(page: Page, mobile = DEMO_MOBILE): Promise<string> {
  await openLogin(page);
  const seen = await outboxSize();
  await page.getByLabel('Mobile number').fill(`+91${mobile}`);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByText('Enter the OTP code sent to your registered mobile number').waitFor();
  return waitForCode(mobile, seen);
}

export async function enterCode(page: Page, code: string) {
  await page.getByLabel('Digit 1 of 4').click();
  await page.keyboard.type(code);
  await page.getByRole('button', { name: 'Submit' }).click();
}

/** Signs in through the real login screen with the code from the outbox, and waits for Home (the files about that screen). */
export async function signInThroughLoginScreen(page: Page, mobile = DEMO_MOBILE) {
  const code = await requestCode(page, mobile);
  await enterCode(page, code);
  await waitForHome(page);
}

/**
 * Signs in through the real API, with the code from the outbox and the page's own cookies (the device cookie too),
 * stores the session as the login screen does, and opens Home: a second or two less than the screen for each of
 * the files that are about something else (auth.test.ts and registration.test.ts go through the screen). `outbox`:
 * a portal of the test's own.
 */
export async function signIn(page: Page, mobile = DEMO_MOBILE, outbox?: string) {
  const post = async (path: string, data: object) =>
    (await page.request.post(`/console/micros/Api${path}`, { data })).json();
  const seen = await outboxSize(outbox);
  const sent = await post('/Auth/login', { mobile, phone_code: '91' });
  const verified = await post('/Auth/verifyOTP', {
    otp_ref: sent.data.otp_ref,
    otp: await waitForCode(mobile, seen, outbox),
  });
  if (!verified.token) throw new Error(`Signing in ${mobile} was refused: ${verified.message}`);
  await page.goto('/favicon.svg');
  // The student app's saved session (apps/web/src/lib/session-store.ts: key userData, version 1).
  await page.evaluate(
    (v) => localStorage.setItem('userData', JSON.stringify({ state: { user: v.data, token: v.token }, version: 1 })),
    verified,
  );
  await page.goto('/');
  await waitForHome(page);
}

async function waitForHome(page: Page) {
  await page.waitForURL((url) => url.pathname === '/');
  await expect.poll(() => page.getByText(/^Welcome, /).count(), { timeout: 10_000 }).toBe(1);
}
