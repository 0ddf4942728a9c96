import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSession } from '../lib/session-store.ts';
import { mockApi, refused } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('routes with ids', () => {
  it.each(['/chapters/abc', '/topic/0', '/quiz-start/3.5', '/live-classes/2/x'])(
    'shows the not-found page for %s, asking nothing',
    async (path) => {
      const calls = mockApi({});
      renderApp(path);
      expect(await screen.findByText('This page does not exist.')).toBeInTheDocument();
      expect(screen.queryByText(/must be positive/)).not.toBeInTheDocument();
      expect(calls.filter((call) => call.path.startsWith('/Student/') && call.path !== '/Student/get_profile')).toEqual(
        [],
      );
    },
  );
});

describe('the guard', () => {
  it.each(['/', '/profile', '/subjects', '/quiz-start/3'])(
    'sends a signed-out visitor of %s to /login',
    async (path) => {
      const calls = mockApi({});
      renderApp(path, null);
      await waitFor(() => expect(window.location.pathname).toBe('/login'));
      expect(await screen.findByText('Portal login')).toBeInTheDocument();
      expect(calls.filter((call) => call.path.startsWith('/Student/'))).toEqual([]);
    },
  );

  it('sends a signed-in student who opens /login Home', async () => {
    mockApi({});
    renderApp('/login');
    expect(await screen.findByText('Welcome, Arjun Sharma')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/');
  });

  it('signs out and goes to /login when the server says the session has ended (401)', async () => {
    mockApi({ '/Student/get_profile': () => refused(401, 'Your session has ended. Please sign in again.') });
    renderApp('/profile');
    expect(await screen.findByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByText('Portal login')).toBeInTheDocument();
    expect(useSession.getState()).toMatchObject({ user: null, token: null });
  });

  it('keeps the session when the server refuses one call for another reason (403)', async () => {
    mockApi({ '/Student/get_profile': () => refused(403, 'This is not your data.') });
    renderApp('/profile');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/profile');
    expect(useSession.getState().token).toBe('test-token');
  });
});
