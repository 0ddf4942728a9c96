import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  desktop,
  enterCode,
  openLogin,
  openPage,
  outboxSize,
  phone,
  signInThroughLoginScreen,
  waitForCode,
} from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';
import { DEMO_ADMIN_MOBILE, signInToConsole } from './support/console.ts';
import { startOwnPortal } from './support/own-portal.ts';
import { postFrom } from './support/strangers.ts';

const browser = useBrowser();
const screenshot = screenshots('registration-');

export const NEW_MOBILE = '9988776655';

/** Opens the register step from /login and fills the form for a new student. */
async function fillRegisterForm(page: Page, mobile: string) {
  await openLogin(page);
  await page.getByRole('button', { name: 'New student? Register' }).click();
  await page.getByLabel('Name', { exact: true }).fill('Kavya Menon');
  await page.getByLabel('Father/Mother Name').fill('Suresh Menon');
  await page.getByLabel('State').fill('Kerala');
  await page.getByLabel('District').fill('Kochi');
  await page.getByLabel('Email (optional)').fill('kavya@example.com');
  // Typed key by key, as a student does.
  await page.getByLabel('Mobile number').click();
  await page.keyboard.type(mobile);
  await page.getByLabel('Select your academic level').selectOption({ label: 'Class 11' });
}

describe('a new student asks to join, on a 360 px phone', () => {
  it('sends the register form, proves the number with the texted code and is told to wait for the institute', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await fillRegisterForm(page, NEW_MOBILE);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'form');

    const seen = await outboxSize();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Enter the OTP code sent to the number you entered').waitFor();
    await enterCode(page, await waitForCode(NEW_MOBILE, seen));

    await page.getByRole('heading', { name: 'Your request went to the institute' }).waitFor();
    expect(await page.getByText('send an SMS to +91 99887 76655 when you can sign in').isVisible()).toBe(true);
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null')?.state?.token ?? null),
    ).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'sent');
    expect(errors).toEqual([]);
    await close();
  });

  it('shows what is wrong under each field before sending anything', async () => {
    const { page, close } = await openPage(browser(), phone);
    await openLogin(page);
    await page.getByRole('button', { name: 'New student? Register' }).click();
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    await page.getByText('Enter your name.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('register-name');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'errors');
    await close();
  });
});

describe('the institute approves the request', () => {
  it('the demo admin approves it in /console choosing a subject; the new student is texted, signs in and sees it', async () => {
    const admin = await openPage(browser(), desktop);
    await signInToConsole(admin.page);
    const nav = admin.page.getByRole('navigation', { name: 'Console' });
    // The count of waiting requests is in the navigation.
    await nav.getByRole('link', { name: /Registrations\s*\d+\s*waiting/ }).click();
    const card = admin.page.getByRole('article', { name: 'Kavya Menon' });
    await card.waitFor();
    expect(await card.getByText(`+91${NEW_MOBILE}`).isVisible()).toBe(true);
    expect(await seriousViolations(admin.page)).toEqual([]);
    await screenshot(admin.page, 'console-request');

    await card.getByRole('checkbox', { name: 'Physics', exact: true }).check();
    await card.getByRole('button', { name: 'Approve Kavya Menon' }).click();
    await admin.page.getByText('Kavya Menon is now a student.').waitFor();
    await admin.page.getByText('No requests are waiting.').waitFor();
    expect(admin.errors).toEqual([]);
    await admin.close();

    const student = await openPage(browser(), phone);
    await signInThroughLoginScreen(student.page, NEW_MOBILE);
    await student.page.goto('/subjects');
    await student.page.getByText('Physics').waitFor();
    expect(await student.page.getByText('Chemistry').count()).toBe(0);
    expect(student.errors).toEqual([]);
    await student.close();
  });
});

describe("the institute's budget of registration codes", () => {
  // A second server starts (up to a minute on a busy machine) besides the journey itself.
  it("refuses the register form with a plain message once the hour's codes are spent, and the admin's Overview says so", {
    timeout: 180_000,
  }, async () => {
    // A portal of its own with a budget of one code an hour, so the shared server's budget stays whole for other files.
    const portal = await startOwnPortal({ env: { REGISTRATION_SMS_PER_HOUR: '1' } });
    const student = await openPage(browser(), { ...phone, baseURL: portal.baseUrl });
    const admin = await openPage(browser(), { ...desktop, baseURL: portal.baseUrl });
    try {
      // Someone else's signup spends the hour's one code.
      const levels = (await (await fetch(`${portal.baseUrl}/console/micros/Api/Auth/academic_levels`)).json()) as {
        data: { id: number }[];
      };
      const form = {
        name: 'Someone',
        guardian: 'Else',
        state: 'Kerala',
        district: 'Kochi',
        email: '',
        phone_code: '91',
        mobile: '9988770001',
      };
      expect(
        await postFrom(
          '127.0.0.9',
          '/console/micros/Api/Auth/signup',
          { ...form, academic_level: levels.data[0]!.id },
          portal.baseUrl,
        ),
      ).toBe(200);

      await fillRegisterForm(student.page, NEW_MOBILE);
      await student.page.getByRole('button', { name: 'Register', exact: true }).click();
      await student.page
        .getByText(
          /^The institute has sent all the registration codes it can this hour\. Please try again in \d+ minutes, or contact the institute\.$/,
        )
        .waitFor();
      // The form keeps what was typed, for a later try.
      expect(await student.page.getByLabel('Name', { exact: true }).inputValue()).toBe('Kavya Menon');
      await screenshot(student.page, 'budget-spent');

      await signInToConsole(admin.page, DEMO_ADMIN_MOBILE, portal.outbox);
      const alert = admin.page.getByRole('alert').filter({ hasText: 'The budget was used up' });
      await alert.waitFor();
      expect(await alert.textContent()).toMatch(
        /^The budget was used up: 1 signup was refused in the last 24 hours, the last at /,
      );
      expect(
        await admin.page
          .getByText('Texted to new students: 1 of 1 in the last hour, 1 of 200 in the last 24 hours.')
          .isVisible(),
      ).toBe(true);
      expect(student.errors).toEqual([]);
      expect(admin.errors).toEqual([]);
    } finally {
      await student.close();
      await admin.close();
      await portal.stop();
    }
  });
});
