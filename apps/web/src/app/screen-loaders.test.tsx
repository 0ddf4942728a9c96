import { cleanup, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok, type Answer } from '../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../test/render-app.tsx';
import { type ScreenEntry, screenLoaders, screenTable as table } from './screen-loaders.ts';

// boot.js starts the call this table names for the screen in the address bar; the screen must then make
// that very call first, or the early answer goes unused and the data is asked for twice.
describe('screens.json', () => {
  it.each(Object.keys(table))('names the first data call that %s makes', async (pattern) => {
    const ids = new Map<string, number>();
    const address = pattern.replace(/:(\w+)/g, (_, name: string) => String(ids.set(name, 10 + ids.size).get(name)));
    const calls = mockApi({});
    renderApp(address);
    const expected = table[pattern]!;
    if (expected.call) {
      const body = {
        stud_id: demoStudent.stud_id,
        ...Object.fromEntries(Object.entries(expected.from ?? {}).map(([field, param]) => [field, ids.get(param)])),
      };
      await waitFor(() =>
        expect(calls.find((c) => c.path.startsWith('/Student/'))).toEqual(
          expect.objectContaining({ path: expected.call, body }),
        ),
      );
    } else {
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(calls.filter((c) => c.path.startsWith('/Student/'))).toEqual([]);
    }
    cleanup();
  });

  it('names a module for every screen, and every page under src/features (but the login page) is a screen', () => {
    const pages = Object.keys(import.meta.glob('../features/*/*-page.tsx')).filter(
      (path) => !path.startsWith('../features/auth/'),
    );
    expect(
      Object.values(table)
        .map(({ module }) => `../features/${module}.tsx`)
        .sort(),
    ).toEqual(pages.sort());
    expect(Object.keys(screenLoaders)).toEqual(Object.keys(table));
  });
});

// boot.js also asks for the picture at `picture` (a path into the answer) as soon as the answer arrives, as the
// screen's largest paint: it must be the picture the screen shows first, or the phone downloads one it does not need.
describe("the picture screens.json names in a screen's first answer", () => {
  const subjects = [
    { subject_id: 11, subject_name: 'Physics', thumbnail: '/media/subjects/physics.webp' },
    { subject_id: 12, subject_name: 'Chemistry', thumbnail: '/media/subjects/chemistry.webp' },
  ];
  const answers: Record<string, Answer> = { '/Student/subjects': ok({ data: subjects }) };
  const withPicture = Object.entries(table).filter(
    (entry): entry is [string, ScreenEntry & { call: string; picture: string }] =>
      !!entry[1].call && !!entry[1].picture,
  );

  it.each(withPicture)('is the first picture %s shows', async (pattern, { call, picture }) => {
    const answer = answers[call];
    if (!answer) throw new Error(`no sample answer of ${call} in this test`);
    mockApi({ [call]: () => answer });
    const { container } = renderApp(pattern);
    await waitFor(() => expect(container.querySelector('img')).not.toBeNull());
    const named = picture
      .split('.')
      .reduce<unknown>((value, key) => (value as Record<string, unknown> | undefined)?.[key], answer.body);
    expect(named).toBe('/media/subjects/physics.webp');
    expect(container.querySelector('img')?.getAttribute('src')).toBe(named);
    cleanup();
  });
});
