import { cleanup, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, type Answer } from '../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../test/render-app.tsx';
import firstCalls from './screen-first-calls.json';
import { screenModules } from './screen-modules.ts';

type FirstCall = { call: string; from?: Record<string, string>; picture?: string };
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

// boot.js also asks for the picture at `picture` (a path into the answer) as soon as the answer arrives, as the
// screen's largest paint: it must be the picture the screen shows first, or the phone downloads one it does not need.
describe("the picture screen-first-calls.json names in a screen's first answer", () => {
  const subjects = [
    { subject_id: 11, subject_name: 'Physics', thumbnail: '/media/subjects/physics.webp' },
    { subject_id: 12, subject_name: 'Chemistry', thumbnail: '/media/subjects/chemistry.webp' },
  ];
  const answers: Record<string, Answer> = { '/Student/subjects': ok({ data: subjects }) };
  const withPicture = Object.entries(table).filter((entry): entry is [string, FirstCall & { picture: string }] => !!entry[1]?.picture);

  it.each(withPicture)('is the first picture %s shows', async (pattern, { call, picture }) => {
    const answer = answers[call];
    if (!answer) throw new Error(`no sample answer of ${call} in this test`);
    mockApi({ [call]: () => answer });
    const { container } = renderApp(pattern);
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    const named = picture.split('.').reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], answer.body);
    expect(named).toBe('/media/subjects/physics.webp');
    expect(container.querySelector('img')?.getAttribute('src')).toBe(named);
    cleanup();
  });
});
