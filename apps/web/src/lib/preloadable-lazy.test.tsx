import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { codeRetry, preloadableLazy } from './preloadable-lazy.tsx';

function Counter({ label }: { label: string }) {
  const [count, setCount] = useState(0);
  return (
    <button type="button" onClick={() => setCount(count + 1)}>
      {label} {count}
    </button>
  );
}

/** A module that arrives when the test says so. */
function slowModule() {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const Screen = preloadableLazy(async () => {
    await arrived;
    return { default: Counter };
  });
  return { Screen, arrive };
}

const inSuspense = (node: React.ReactNode) => <Suspense fallback={<p>Loading...</p>}>{node}</Suspense>;

describe('preloadableLazy', () => {
  it('shows the fallback until the code arrives when nothing preloaded it', async () => {
    const { Screen, arrive } = slowModule();
    render(inSuspense(<Screen label="Clicks" />));
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    await act(async () => arrive());
    expect(await screen.findByRole('button', { name: 'Clicks 0' })).toBeInTheDocument();
  });

  it('renders at once, without the fallback, once preloaded', async () => {
    const { Screen, arrive } = slowModule();
    arrive();
    await Screen.preload();
    render(inSuspense(<Screen label="Clicks" />));
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clicks 0' })).toBeInTheDocument();
  });

  it('keeps the screen mounted, and its state, when it re-renders after its code arrived', async () => {
    const { Screen, arrive } = slowModule();
    const { rerender } = render(inSuspense(<Screen label="Clicks" />));
    await act(async () => arrive());
    await userEvent.click(await screen.findByRole('button', { name: 'Clicks 0' }));
    rerender(inSuspense(<Screen label="Taps" />));
    expect(screen.getByRole('button', { name: 'Taps 1' })).toBeInTheDocument();
  });

  it('asks once when the first screen is preloaded and drawn at the same time', async () => {
    let requests = 0;
    const Screen = preloadableLazy(async () => {
      requests++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return { default: Counter };
    });
    const preloaded = Screen.preload();
    render(inSuspense(<Screen label="Clicks" />));
    await preloaded;
    expect(await screen.findByRole('button', { name: 'Clicks 0' })).toBeInTheDocument();
    expect(requests).toBe(1);
  });

  it('waits before each retry as TanStack Query does by default: 1, 2, 4 s..., at most 30 s', () => {
    expect([1, 2, 3, 4, 5, 6].map(codeRetry.delayMs)).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
  });
});
