import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, reloadIfNewBuild } from '../lib/new-build.ts';
import { preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { CodeLoadBoundary } from './code-load-boundary.tsx';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/topics-page-1a2b3c.js');

beforeEach(() => {
  sessionStorage.clear();
  document.head.innerHTML = '<script type="module" src="/assets/index-old111.js"></script>';
  vi.spyOn(page, 'reload').mockImplementation(() => undefined);
  // A screen that fails to load is an error React also reports on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

const indexHtml = (entry: string) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(`<script type="module" src="${entry}"></script>`));

describe('a screen whose code cannot be loaded', () => {
  it('shows a message with Try again instead of a white page, and loads the screen on Try again', async () => {
    indexHtml('/assets/index-old111.js');
    let fail = true;
    const Screen = preloadableLazy(async () => {
      if (fail) throw chunkError();
      return { default: () => <p>Topics of Units and Measurements</p> };
    });
    render(
      <CodeLoadBoundary resetKey="/topic/3">
        <Suspense fallback={<p>Loading...</p>}>
          <Screen />
        </Suspense>
      </CodeLoadBoundary>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This screen could not be loaded.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Topics of Units and Measurements')).toBeInTheDocument();
    // Same build on the server: no reload.
    expect(page.reload).not.toHaveBeenCalled();
  });

  it('tries again by itself when the connection comes back', async () => {
    indexHtml('/assets/index-old111.js');
    let fail = true;
    const Screen = preloadableLazy(async () => {
      if (fail) throw chunkError();
      return { default: () => <p>Recently Watched</p> };
    });
    render(
      <CodeLoadBoundary resetKey="/history">
        <Suspense fallback={<p>Loading...</p>}>
          <Screen />
        </Suspense>
      </CodeLoadBoundary>,
    );
    await screen.findByRole('alert');
    fail = false;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Recently Watched')).toBeInTheDocument();
  });
});

describe('a new build on the server', () => {
  it('reloads the page once when index.html names another entry script, and not again within five minutes', async () => {
    indexHtml('/assets/index-new222.js');
    expect(await reloadIfNewBuild()).toBe(true);
    expect(page.reload).toHaveBeenCalledTimes(1);
    expect(await reloadIfNewBuild()).toBe(false);
    expect(page.reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload while the server still serves this build', async () => {
    indexHtml('/assets/index-old111.js');
    expect(await reloadIfNewBuild()).toBe(false);
    expect(page.reload).not.toHaveBeenCalled();
  });
});
