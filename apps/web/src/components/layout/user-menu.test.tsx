import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY, useSession } from '../../lib/session-store.ts';
import { mockApi, ok, refused } from '../../../test/mock-api.ts';
import { demoStudent, renderApp, setWideScreen } from '../../../test/render-app.tsx';

const chatLink = 'https://wa.me/919000000000';
/** The API the menu talks to: the chat link, and whatever else a test adds. */
const api = (handlers: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({ '/Auth/whatsapp_chat': () => ok({ link: chatLink }), ...handlers });

/**
 * The menu's button (the placeholder, or the menu's own once its code is here), on the screen's own header: the
 * loading screen's header has no heading, and a press on it is lost when the screen replaces it.
 */
const menuButton = async () => {
  await screen.findByRole('heading', { level: 1 });
  return screen.findByRole('button', { name: /User menu/, expanded: false });
};
const itemNames = () =>
  within(screen.getByRole('menu'))
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

/** Opens the menu by click once the chat link has arrived. */
async function openMenu(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await menuButton());
  await screen.findByRole('menuitem', { name: /^Chat with us.*new tab/ });
}

// Whole-app renders with accessible-name queries are slow in jsdom on a busy machine.
describe('the user menu', { timeout: 20_000 }, () => {
  it("shows the profile name cut to 10 characters plus '...' on medium and wider screens only", async () => {
    setWideScreen(true);
    api();
    renderApp('/');
    const name = (await menuButton()).querySelector('span');
    expect(name).toHaveTextContent(/^Arjun Shar\.\.\.$/);
    // Hidden below the md breakpoint by CSS.
    expect(name).toHaveClass('hidden', 'md:inline');
  });

  it('shows a name of at most 10 characters whole, without an ellipsis', async () => {
    api();
    renderApp('/', { ...demoStudent, profile: { name: 'Arjun Shar' } });
    expect((await menuButton()).querySelector('span')).toHaveTextContent(/^Arjun Shar$/);
  });

  it('offers every screen on a small screen', async () => {
    setWideScreen(false);
    api();
    const { user } = renderApp('/');
    await openMenu(user);
    expect(itemNames()).toEqual([
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
  });

  it('switches to the dark theme and remembers the choice', async () => {
    setWideScreen(true);
    api();
    const { user } = renderApp('/');
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Dark theme: off' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('portal-theme')).toBe('dark');
    await openMenu(user);
    await user.click(screen.getByRole('menuitem', { name: 'Dark theme: on' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('portal-theme')).toBe('light');
  });

  it('offers only News/Events, Profile, Downloads, chat and Logout on a wide screen, where Home has the rest', async () => {
    setWideScreen(true);
    api();
    const { user } = renderApp('/');
    await openMenu(user);
    expect(itemNames()).toEqual([
      'News/Events',
      'Profile',
      'Downloads',
      'Dark theme: off',
      'Language: English',
      'Chat with us (opens in a new tab)',
      'Logout',
    ]);
    // Arrow keys walk only the items that are shown: the first is News/Events, not a hidden Home.
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitem', { name: 'News/Events' })).toHaveAttribute('data-focus');
  });

  it('opens with Enter, moves with the arrow keys, and closes with Escape back on its button', async () => {
    setWideScreen(true);
    api();
    const { user } = renderApp('/');
    const button = await menuButton();
    button.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await screen.findByRole('menuitem', { name: /opens in a new tab/ });
    const focused = () => screen.getByRole('menu').querySelector('[data-focus]')?.textContent;
    expect(focused()).toBe('News/Events');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(focused()).toBe('Logout');
    await user.keyboard('{ArrowUp}');
    expect(focused()).toMatch(/^Chat with us/);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('opens with Space and with the arrow keys, and closes on Tab and on a click outside', async () => {
    api();
    const { user } = renderApp('/');
    const button = await menuButton();
    button.focus();
    await user.keyboard(' ');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    await user.keyboard('{Tab}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());

    button.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menu')).toBeInTheDocument();
    // Outside the open menu the page is inert to assistive technology, hence a plain click on the body.
    await user.click(document.body);
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  });

  it('opens the institute chat in a new tab, with nothing of this page handed to it', async () => {
    const calls = api();
    const { user } = renderApp('/');
    await openMenu(user);
    // Spec section 7: the chat call carries the session's Token header like every other call.
    expect(calls.find((call) => call.path === '/Auth/whatsapp_chat')?.token).toBe(useSession.getState().token);
    expect(useSession.getState().token).toBeTruthy();
    const chat = screen.getByRole('menuitem', { name: /Chat with us/ });
    expect(chat).toHaveAttribute('href', chatLink);
    expect(chat).toHaveAttribute('target', '_blank');
    expect(chat).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('offers chat as unavailable, without an error toast, when its link cannot be had', async () => {
    mockApi({ '/Auth/whatsapp_chat': () => refused(404, 'No chat link') });
    const { user } = renderApp('/');
    await user.click(await menuButton());
    const chat = await screen.findByRole('menuitem', { name: 'Chat with us (unavailable)' });
    expect(chat).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByText('No chat link')).not.toBeInTheDocument();
  });

  it('never turns a link that is not a web address into a link', async () => {
    mockApi({ '/Auth/whatsapp_chat': () => ok({ link: 'javascript:alert(1)' }) });
    const { user } = renderApp('/');
    await user.click(await menuButton());
    expect(await screen.findByRole('menuitem', { name: 'Chat with us (unavailable)' })).not.toHaveAttribute('href');
  });

  it('logs out: tells the server, clears the stored session and goes to /login', async () => {
    const calls = api({ '/Auth/logout': () => ok(null, 'Logged out') });
    const { user } = renderApp('/');
    await user.click(await menuButton());
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));

    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(calls).toContainEqual(
      expect.objectContaining({ method: 'POST', path: '/Auth/logout', token: 'test-token' }),
    );
    expect(useSession.getState()).toMatchObject({ user: null, token: null });
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').state).toEqual({ user: null, token: null });
  });
});
