import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { admin, openConsole } from '../../../test/console-fixtures.tsx';
import { codeRetry } from '../../lib/preloadable-lazy.tsx';

/** The Audit log page's code: answers 404 (a network round trip later) while `missing`, as after a redeploy. */
const chunk = vi.hoisted(() => ({ missing: true, requests: 0 }));
vi.mock('../features/audit-log/audit-log-page.tsx', async (importOriginal) => {
  chunk.requests++;
  await new Promise((resolve) => setTimeout(resolve, 5));
  if (chunk.missing)
    throw new TypeError('Failed to fetch dynamically imported module: /assets/audit-log-page-1a2b3c.js');
  return importOriginal();
});

beforeEach(() => {
  // The retries' waits (1, 2, 4 s) shortened: what is tested is how many tries there are and what shows after.
  vi.spyOn(codeRetry, 'delayMs').mockReturnValue(1);
  // React reports the page that failed to load on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('a console page whose code answers 404', () => {
  it('is asked for 4 times in all, then reads Something went wrong beside the navigation; Try again asks once more', async () => {
    const { user } = openConsole('/console/audit-log', { as: admin });
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(chunk.requests).toBe(4);
    expect(screen.getByRole('navigation', { name: 'Console' })).toBeInTheDocument();

    chunk.missing = false;
    await user.click(within(main).getByRole('button', { name: 'Try again' }));
    expect(await within(main).findByRole('heading', { level: 1, name: 'Audit log' })).toBeInTheDocument();
    expect(chunk.requests).toBe(5);
  });
});
