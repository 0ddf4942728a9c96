import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { renderApp, setWideScreen } from '../../../test/render-app.tsx';

// The menu's code is fetched only when the student reaches for it (header.tsx). This file's module graph is
// fresh, so its first press lands on the placeholder, before that code has arrived.
describe('the user menu before its code has arrived', { timeout: 20_000 }, () => {
  it('opens from one key press on the placeholder, with the first item active and the focus in the menu', async () => {
    setWideScreen(true);
    mockApi({ '/Auth/whatsapp_chat': () => ok({ link: 'https://wa.me/919000000000' }) });
    const { user } = renderApp('/');
    await screen.findByRole('heading', { name: /Welcome/ });
    const placeholder = screen.getByRole('button', { name: /User menu/ });
    expect(placeholder).not.toHaveAttribute('aria-controls');
    placeholder.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveAttribute('data-focus'));
    expect(within(menu).getAllByRole('menuitem')[0]).toHaveTextContent('News/Events');
    expect(menu.contains(document.activeElement)).toBe(true);
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('data-focus');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    // The real button now holds the focus, so the student is where they were.
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /User menu/ }));
  });
});
