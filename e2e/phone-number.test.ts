import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openLogin, openPage, outboxSize, phone, waitForCode } from './support/browser.ts';
import { seriousViolations, useBrowser } from './support/checks.ts';

const browser = useBrowser();

// Issue 34: with "+91" shown, the old field made `+91 99501 23456` into +91 91995-01234 and texted +919199501234.
const WRITTEN = '+91 99501 23456';
const sent = { mobile: '9950123456', phone_code: '91' };

/** The body of the next call to `path` the page makes. */
const nextBody = (page: Page, path: string) =>
  page
    .waitForRequest((request) => request.url().endsWith(path) && request.method() === 'POST')
    .then((request) => request.postDataJSON() as Record<string, string>);

describe('a number typed the usual way, key by key, on a 360 px phone', () => {
  it('signs in with the number written, not another', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await openLogin(page);
    const field = page.getByLabel('Mobile number');
    await field.click();
    await page.keyboard.type(WRITTEN);
    // Grouped as typed once the formatter (fetched at the first keystroke) is here.
    await expect.poll(() => field.inputValue()).toBe('+91 99501 23456');
    const body = nextBody(page, '/Auth/login');
    await page.getByRole('button', { name: 'Send code' }).click();
    expect(await body).toEqual(sent);
    await page.getByText('+91 99501 23456').waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  // Every way the roster import reads a number (packages/contract/test/phone.test.ts): one student, however written.
  it.each([
    ['typed key by key', 'type'],
    ['pasted', 'paste'],
  ] as const)('reads each way of writing the number alike when %s, and never sends another', async (_, how) => {
    const writings = [
      '+91 99501 23456',
      '919950123456',
      '09950123456',
      '0091 99501 23456',
      '0091-99501-23456',
      '9950123456',
      '99501-23456',
      '+91-99501-23456',
      '91 99501 23456',
    ];
    const { page, errors, close } = await openPage(browser(), phone);
    await openLogin(page);
    const field = page.getByLabel('Mobile number');
    const seen: Record<string, string> = {};
    for (const written of writings) {
      await field.fill('');
      await field.focus();
      if (how === 'type') await page.keyboard.type(written);
      else
        await field.evaluate((input, text) => {
          const data = new DataTransfer();
          data.setData('text/plain', text);
          input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
        }, written);
      // Once left, a number is shown as the roster shows it: what the field read, in full.
      await page.getByRole('button', { name: 'Send code' }).focus();
      seen[written] = await field.inputValue();
    }
    expect(seen).toEqual(Object.fromEntries(writings.map((written) => [written, '+91 99501 23456'])));
    // And the last one is sent as that number.
    const body = nextBody(page, '/Auth/login');
    await page.getByRole('button', { name: 'Send code' }).click();
    expect(await body).toEqual(sent);
    expect(errors).toEqual([]);
    await close();
  });

  it('refuses, under the field, a number it would have to guess at', async () => {
    const { page, close } = await openPage(browser(), phone);
    await openLogin(page);
    await page.getByLabel('Mobile number').click();
    await page.keyboard.type('91995012345');
    let asked = false;
    page.on('request', (request) => void (request.url().endsWith('/Auth/login') && (asked = true)));
    await page.getByRole('button', { name: 'Send code' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'The number is too long for India: there are extra digits.' })
      .waitFor();
    expect(await page.getByLabel('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    expect(asked).toBe(false);
    await close();
  });

  it('registers the number written, and its code goes to that number', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await openLogin(page);
    await page.getByRole('button', { name: 'New student? Register' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Meera Nair');
    await page.getByLabel('Father/Mother Name').fill('Suresh Nair');
    await page.getByLabel('State').fill('Rajasthan');
    await page.getByLabel('District').fill('Jaipur');
    await page.getByLabel('Mobile number').click();
    await page.keyboard.type(WRITTEN);
    await page.getByLabel('Select your academic level').selectOption({ label: 'Class 11' });
    const seen = await outboxSize();
    const body = nextBody(page, '/Auth/signup');
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    expect(await body).toMatchObject(sent);
    await page.getByText('Enter the OTP code sent to the number you entered').waitFor();
    expect(await waitForCode('9950123456', seen)).toMatch(/^\d{4}$/);
    expect(errors).toEqual([]);
    await close();
  });
});
