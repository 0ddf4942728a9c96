import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { codeRetry } from '../lib/preloadable-lazy.tsx';

/** The Recently Watched screen's code: answers 404 (a network round trip later) while `missing`, as after a redeploy. */
const chunk = vi.hoisted(() => ({ missing: true, requests: 0 }));
vi.mock('../features/history/history-page.tsx', async (importOriginal) => {
  chunk.requests++;
  await new Promise((resolve) => setTimeout(resolve, 5));
  if (chunk.missing) throw new TypeError('Failed to fetch dynamically imported module: /assets/history-page-1a2b3c.js');
  return importOriginal();
});

beforeEach(() => {
  chunk.missing = true;
  chunk.requests = 0;
  // The retries' waits (1, 2, 4 s) shortened: what is tested is how many tries there are and what shows after.
  vi.spyOn(codeRetry, 'delayMs').mockReturnValue(1);
  // React reports the screen that failed to load on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a screen whose code answers 404', () => {
  it('is asked for 4 times in all (3 retries), then reads Something went wrong with Try again, which asks once more', async () => {
    mockApi({ '/Student/recently_watched': () => ok({ data: [] }) });
    const { user } = renderApp('/history');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(chunk.requests).toBe(4);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(chunk.requests).toBe(5);

    chunk.missing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Recently Watched' })).toBeInTheDocument();
    expect(chunk.requests).toBe(6);
  });
});
