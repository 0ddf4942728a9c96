import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  desktop,
  enterCode,
  openLogin,
  openPage,
  OTHER_MOBILE,
  outboxSize,
  phone,
  requestCode,
  signInThroughLoginScreen,
  waitForCode,
} from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { postFrom } from './support/strangers.ts';

const browser = useBrowser();

const screenshot = screenshots('auth-');

const storedSession = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null'));

const profileWith = (token: string, studId: number) =>
  fetch(`${inject('baseUrl')}/console/micros/Api/Student/get_profile`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Token: token },
    body: JSON.stringify({ stud_id: studId }),
  });

describe('sign-in on a 360 px phone', () => {
  it('sends a signed-out visitor of /profile to /login', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Portal login' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('signs in with the code texted to the outbox and keeps only user and token', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await openLogin(page);
    await page.getByLabel('Mobile number').waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'phone-number');

    const code = await requestCode(page);
    expect(await page.getByRole('button', { name: 'Submit' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Resend code' }).isDisabled()).toBe(true);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'phone-code');

    await enterCode(page, code);
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByText('Login successful').isVisible()).toBe(true);
    const stored = await storedSession(page);
    expect(Object.keys(stored.state).sort()).toEqual(['token', 'user']);
    expect(stored.state.user.mobile).toBe('9876543210');
    expect((await profileWith(stored.state.token, stored.state.user.stud_id)).status).toBe(200);
    expect(errors).toEqual([]);
    await close();
  });

  it('keeps the code step after a wrong code, saying the tries left, and signs in with the right one, clearing that message', async () => {
    const { page, close } = await openPage(browser(), phone);
    const code = await requestCode(page, OTHER_MOBILE);
    await enterCode(page, code === '0000' ? '1111' : '0000');
    const wrong = page.getByRole('status').filter({ hasText: 'Wrong code. You have 4 tries left.' });
    await wrong.waitFor();
    expect(await page.getByLabel('Digit 1 of 4').inputValue()).toBe('');
    await screenshot(page, 'phone-wrong-code');
    await enterCode(page, code);
    await page.waitForURL((url) => url.pathname === '/');
    await wrong.waitFor({ state: 'detached', timeout: 2000 });
    await close();
  });
});

describe('sign-in and logout on a desktop', () => {
  it('works by keyboard alone: number, Enter, code, Enter', async () => {
    const { page, close } = await openPage(browser(), desktop);
    await openLogin(page);
    const seen = await outboxSize();
    await page.getByLabel('Mobile number').waitFor();
    // The number field has the focus on arrival; the country code is already there.
    await page.keyboard.type('9876543210');
    await page.keyboard.press('Enter');
    await page.getByText('Enter the OTP code sent to your registered mobile number').waitFor();
    const code = await waitForCode('9876543210', seen);
    // The first box has the focus once the code step shows.
    await page.keyboard.type(code);
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/');
    await close();
  });

  it('shows where the keyboard is on the number field, and pasting the written demo number works', async () => {
    const { page, close } = await openPage(browser(), desktop);
    await openLogin(page);
    const field = page.getByLabel('Mobile number');
    await field.waitFor();
    // The ring is drawn around the +91 and the field together.
    const outline = () =>
      page.evaluate(() => {
        const style = getComputedStyle(document.activeElement!.parentElement!);
        return `${style.outlineStyle} ${style.outlineWidth}`;
      });
    await field.focus();
    expect(await outline()).toBe('solid 3px');

    // The README's demo number, as written there, pasted into the field.
    await field.focus();
    await page.evaluate(() => {
      const data = new DataTransfer();
      data.setData('text/plain', '+91 98765 43210');
      document.activeElement!.dispatchEvent(
        new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
      );
    });
    await expect.poll(() => field.inputValue()).toBe('+91 98765 43210');
    await close();
  });

  it('logs out to /login, and the server refuses the old token', async () => {
    const { page, close } = await openPage(browser(), desktop);
    await signInThroughLoginScreen(page);
    const { token, user } = (await storedSession(page)).state;
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await storedSession(page)).toMatchObject({ state: { user: null, token: null } });
    await expect.poll(async () => (await profileWith(token, user.stud_id)).status).toBe(401);
    await close();
  });
});

describe('a stranger who fills the number with code requests', () => {
  it('does not keep the owner out: the browser that signed in to the number before still gets a code', async () => {
    const { page, close } = await openPage(browser(), desktop);
    await signInThroughLoginScreen(page, OTHER_MOBILE);
    await page.getByRole('button', { name: /User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');

    // 18 requests from three other addresses: 15 codes texted, then the number is capped for anyone else.
    const statuses: number[] = [];
    for (const stranger of ['127.0.0.2', '127.0.0.3', '127.0.0.4']) {
      for (let i = 0; i < 6; i++)
        statuses.push(
          await postFrom(stranger, '/console/micros/Api/Auth/login', { phone_code: '91', mobile: OTHER_MOBILE }),
        );
    }
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    expect(
      await postFrom('127.0.0.5', '/console/micros/Api/Auth/login', { phone_code: '91', mobile: OTHER_MOBILE }),
    ).toBe(429);

    // The owner's own browser: a code, and a sign-in with it (which also frees the number for the files after this one).
    await signInThroughLoginScreen(page, OTHER_MOBILE);
    await close();
  });
});
