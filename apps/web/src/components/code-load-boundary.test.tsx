import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, reloadIfNewBuild } from '../lib/new-build.ts';
import { codeRetry, preloadableLazy } from '../lib/preloadable-lazy.tsx';
import { CodeLoadBoundary } from './code-load-boundary.tsx';

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/topics-page-1a2b3c.js');

beforeEach(() => {
  sessionStorage.clear();
  document.head.innerHTML = '<script type="module" src="/assets/index-old111.js"></script>';
  vi.spyOn(page, 'reload').mockImplementation(() => undefined);
  // The retries' waits (1, 2, 4 s) shortened: what is tested is how many tries there are and what shows after.
  vi.spyOn(codeRetry, 'delayMs').mockReturnValue(1);
  // A screen that fails to load is an error React also reports on the console: expected here.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
});

const indexHtml = (entry: string) =>
  vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(`<script type="module" src="${entry}"></script>`));

/** A chunk that answers 404 every time, as a real one would: a network round trip later, not at once. */
function missingChunk() {
  let requests = 0;
  const Screen = preloadableLazy(async () => {
    requests++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    throw chunkError();
  });
  return { Screen, requests: () => requests };
}

const inBoundary = (node: React.ReactNode, resetKey = '/topic/3') => (
  <CodeLoadBoundary resetKey={resetKey}>
    <Suspense fallback={<p role="status">Loading...</p>}>{node}</Suspense>
  </CodeLoadBoundary>
);

describe('a screen whose code cannot be loaded', () => {
  it('is tried 3 times more, then shows the error view, whose Try again asks once more: no request loop', async () => {
    indexHtml('/assets/index-old111.js');
    const { Screen, requests } = missingChunk();
    render(inBoundary(<Screen />));
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    // Before the fix the screen drew a fresh load each time the last one failed: Loading... and requests for ever.
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(requests()).toBe(4);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Loading...');
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(requests()).toBe(5);
  });

  it('coming back to the address of a screen whose code failed tries it once more', async () => {
    indexHtml('/assets/index-old111.js');
    const { Screen, requests } = missingChunk();
    const { rerender } = render(inBoundary(<Screen />, '/history'));
    await screen.findByRole('alert');
    rerender(inBoundary(<p>Home</p>, '/'));
    expect(await screen.findByText('Home')).toBeInTheDocument();
    rerender(inBoundary(<Screen />, '/history'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(requests()).toBe(5);
  });

  it('is not tried again while offline: the error view at once, and the load again when the connection is back', async () => {
    indexHtml('/assets/index-old111.js');
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    let requests = 0;
    const Screen = preloadableLazy(async () => {
      requests++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (!navigator.onLine) throw chunkError();
      return { default: () => <p>Recently Watched</p> };
    });
    render(inBoundary(<Screen />, '/history'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
    expect(requests).toBe(1);
    online.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText('Recently Watched')).toBeInTheDocument();
    expect(requests).toBe(2);
  });

  it('shows the error view with Try again instead of a white page, and loads the screen on Try again', async () => {
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
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
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

  it("compares with the page's own address: the console's page names its own entry script, not the student app's", async () => {
    document.head.innerHTML = '<script type="module" src="/assets/console-old333.js"></script>';
    window.history.replaceState(null, '', '/console/students');
    const pages: Record<string, string> = {
      '/': '/assets/index-old111.js',
      '/console/students': '/assets/console-old333.js',
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(
      async (url) => new Response(`<script type="module" src="${pages[String(url)]}"></script>`),
    );
    expect(await reloadIfNewBuild()).toBe(false);
    expect(page.reload).not.toHaveBeenCalled();
    window.history.replaceState(null, '', '/');
  });

  it('does not reload while the server still serves this build', async () => {
    indexHtml('/assets/index-old111.js');
    expect(await reloadIfNewBuild()).toBe(false);
    expect(page.reload).not.toHaveBeenCalled();
  });
});
