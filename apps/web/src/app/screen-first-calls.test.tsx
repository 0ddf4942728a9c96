import { cleanup, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../test/render-app.tsx';
import firstCalls from './screen-first-calls.json';
import { screenModules } from './screen-modules.ts';

type FirstCall = { call: string; from?: Record<string, string> };
const table: Record<string, FirstCall | undefined> = firstCalls;

// boot.js starts the call this table names for the screen in the address bar; the screen must then make
// that very call first, or the early answer goes unused and the data is asked for twice.
describe('screen-first-calls.json', () => {
  it.each(Object.keys(screenModules))('names the first data call that %s makes', async (pattern) => {
    const ids = new Map<string, number>();
    const address = pattern.replace(/:(\w+)/g, (_, name: string) => String(ids.set(name, 10 + ids.size).get(name)));
    const calls = mockApi({});
    renderApp(address);
    const expected = table[pattern];
    if (expected) {
      const body = { stud_id: demoStudent.stud_id, ...Object.fromEntries(Object.entries(expected.from ?? {}).map(([field, param]) => [field, ids.get(param)])) };
      await waitFor(() => expect(calls.find((c) => c.path.startsWith('/Student/'))).toEqual(expect.objectContaining({ path: expected.call, body })));
    } else {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls.filter((c) => c.path.startsWith('/Student/'))).toEqual([]);
    }
    cleanup();
  });

  it('names only screens that exist', () => {
    expect(Object.keys(screenModules)).toEqual(expect.arrayContaining(Object.keys(table)));
  });
});
