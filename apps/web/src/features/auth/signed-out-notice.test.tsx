import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, refused } from '../../../test/mock-api.ts';
import { renderApp } from '../../../test/render-app.tsx';

const deactivated =
  'Your account has been deactivated by the institute. Please contact the institute to use the portal again.';

describe('a session the institute ended', () => {
  it('lands on /login with the reason the server gave', async () => {
    mockApi({
      '/Student/get_profile': () => refused(401, deactivated),
      '/Auth/whatsapp_chat': () => refused(404, 'none'),
    });
    renderApp('/profile');
    await waitFor(() => expect(window.location.pathname).toBe('/login'));
    expect(await screen.findByRole('heading', { name: 'Portal login' })).toBeInTheDocument();
    // Once: the screen's notice, not a toast of the refused call as well.
    expect(screen.getByText(deactivated)).toBeVisible();
  });
});
