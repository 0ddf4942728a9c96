import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { desktop, openPage, phone, signIn } from './support/browser.ts';
import { horizontalOverflow, screenshots, seriousViolations, useBrowser } from './support/checks.ts';

const browser = useBrowser();

const screenshot = screenshots();

const tileTitles = ['Live Class', 'My Subjects', 'Study Materials', 'Quiz', 'Watch History', 'My Profile'];

/** The six tiles, each visible, with their boxes. */
async function tileBoxes(page: Page) {
  const tiles = page.getByRole('list', { name: 'Shortcuts' }).getByRole('link');
  expect(await tiles.count()).toBe(6);
  const boxes = [];
  for (const [i, title] of tileTitles.entries()) {
    const tile = tiles.nth(i);
    expect(await tile.textContent()).toContain(title);
    expect(await tile.isVisible()).toBe(true);
    boxes.push((await tile.boundingBox())!);
  }
  return boxes;
}

describe('the shell on a 360 px phone', () => {
  it('shows Home with the greeting and the six tiles in one column, and every screen in the menu', async () => {
    const { page, errors, close } = await openPage(browser(), phone);
    await signIn(page);
    await page.getByRole('heading', { name: 'Welcome, Arjun Sharma' }).waitFor();
    const boxes = await tileBoxes(page);
    expect(new Set(boxes.map((b) => Math.round(b.x))).size).toBe(1);
    expect(await horizontalOverflow(page)).toBe(0);
    // The name is left out of the menu button on a small screen.
    const button = page.getByRole('button', { name: /User menu/ });
    await button.waitFor();
    expect(await page.getByText('Arjun Shar...').isVisible()).toBe(false);
    await screenshot(page, 'home-360');

    await button.click();
    await page.getByRole('menuitem', { name: /new tab/ }).waitFor();
    const items = page.getByRole('menuitem');
    expect(await items.allTextContents()).toEqual([
      'Home',
      'My Subjects',
      'News/Events',
      'Live Classes',
      'Watch History',
      'Profile',
      'Downloads',
      'Dark theme: off',
      'Language: English',
      'Chat with us (opens in a new tab)',
      'Logout',
    ]);
    for (const item of await items.all()) expect(await item.isVisible()).toBe(true);
    await screenshot(page, 'menu-360');
    expect(errors).toEqual([]);
    await page.getByRole('menuitem', { name: 'Watch History' }).click();
    await page.waitForURL((url) => url.pathname === '/history');
    await close();
  });

  it('shows the profile without sideways scrolling', async () => {
    const { page, close } = await openPage(browser(), phone);
    await signIn(page);
    await page.goto('/profile');
    await page.getByText('Selected academic level: Class 11').waitFor();
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'profile-360');
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it("opens the menu for a tap whose press lands before the menu's code and whose release lands after it", async () => {
    // No service worker, so that the page's own request for the menu's code is the one held.
    const { page, errors, close } = await openPage(browser(), { ...phone, serviceWorkers: 'block' });
    // The menu's code is held back until the finger is down, as on a slow line when the tap itself fetches it.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/user-menu-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page);
    await page.getByRole('heading', { name: 'Welcome, Arjun Sharma' }).waitFor();
    const button = page.getByRole('button', { name: /User menu/ });
    const box = (await button.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    const arrived = page.waitForResponse(/\/assets\/user-menu-[^/]+\.js$/);
    release();
    // The code is here (and evaluated: one frame later) while the finger is still down.
    await arrived;
    await page.evaluate(() => new Promise(requestAnimationFrame));
    await page.mouse.up();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the shell on a desktop', () => {
  it('shows Home with six tiles three to a row and the short name on the menu button', async () => {
    const { page, errors, close } = await openPage(browser(), desktop);
    await signIn(page);
    const boxes = await tileBoxes(page);
    expect(new Set(boxes.map((b) => Math.round(b.y))).size).toBe(2);
    expect(await page.getByRole('button', { name: /User menu/ }).textContent()).toContain('Arjun Shar...');
    await screenshot(page, 'home-1280');
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('works the menu by keyboard: Tab to it, Enter opens, arrows move, Escape closes', async () => {
    const { page, close } = await openPage(browser(), desktop);
    await signIn(page);
    const button = page.getByRole('button', { name: /User menu/ });
    // Until its code has arrived the menu's place holds a stand-in that fetches it when focused; the menu's own
    // button then takes the focus over.
    const menuButtonFocused = () =>
      page.evaluate(() => document.activeElement?.getAttribute('aria-haspopup') === 'menu');
    for (let i = 0; i < 10 && !(await menuButtonFocused()); i++) {
      await page.keyboard.press('Tab');
    }
    await expect
      .poll(() => button.evaluate((el) => el === document.activeElement && el.id.startsWith('headlessui-menu-button')))
      .toBe(true);

    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await page.getByRole('menuitem', { name: /new tab/ }).waitFor();
    expect(await page.getByRole('menuitem').allTextContents()).toEqual([
      'News/Events',
      'Profile',
      'Downloads',
      'Dark theme: off',
      'Language: English',
      'Chat with us (opens in a new tab)',
      'Logout',
    ]);
    const active = () => page.locator('[role="menuitem"][data-focus]').textContent();
    expect(await active()).toBe('News/Events');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('Profile');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('Downloads');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('Dark theme: off');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('Language: English');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await active()).toBe('Logout');
    await page.keyboard.press('ArrowUp');
    expect(await active()).toBe('Chat with us (opens in a new tab)');
    // Type-ahead: a letter jumps to the item it starts.
    await page.keyboard.press('p');
    expect(await active()).toBe('Profile');
    await screenshot(page, 'menu-1280');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await button.evaluate((el) => el === document.activeElement)).toBe(true);

    // Enter on an item opens its screen: News/Events, which a desktop reaches only here.
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/news-and-events');
    await close();
  });

  it("shows the demo student's profile", async () => {
    const { page, close } = await openPage(browser(), desktop);
    await signIn(page);
    await page.goto('/profile');
    await page.getByText('Selected academic level: Class 11').waitFor();
    const text = await page.locator('main').innerText();
    for (const value of [
      'Arjun Sharma',
      'Ramesh Sharma',
      'Kerala',
      'Ernakulam',
      'arjun.sharma@example.com',
      '+91 9876543210',
    ]) {
      expect(text).toContain(value);
    }
    await screenshot(page, 'profile-1280');
    expect(await seriousViolations(page)).toEqual([]);
    await close();
  });

  it('finds no serious accessibility problem on the login screen', async () => {
    for (const device of [phone, desktop]) {
      const { page, close } = await openPage(browser(), device);
      await page.goto('/login');
      await page.getByText('Portal login').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await close();
    }
  });

  it('signs out and goes to /login when the server no longer knows the session (401)', async () => {
    const { page, close } = await openPage(browser(), desktop);
    await signIn(page);
    // As if the session had expired on the server: the stored token is one it never issued.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('userData') ?? '{}');
      stored.state.token = 'a'.repeat(43);
      localStorage.setItem('userData', JSON.stringify(stored));
    });
    await page.goto('/profile');
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    await close();
  });

  it('logs out: back to /login, the token dies on the server, and protected screens redirect again', async () => {
    const { page, close } = await openPage(browser(), desktop);
    await signIn(page);
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem('userData') ?? '{}').state?.token as string,
    );
    expect(token).toBeTruthy();

    await page.getByRole('button', { name: /User menu/ }).click();
    const logout = page.getByRole('menuitem', { name: 'Logout' });
    await logout.click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? '{}').state)).toEqual({
      user: null,
      token: null,
    });

    await expect
      .poll(async () => {
        const response = await fetch(`${inject('baseUrl')}/console/micros/Api/Student/get_profile`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Token: token },
          body: JSON.stringify({ stud_id: 1 }),
        });
        return response.status;
      })
      .toBe(401);

    for (const path of ['/', '/profile', '/subjects']) {
      await page.goto(path);
      await page.waitForURL((url) => url.pathname === '/login');
    }
    await close();
  });
});
