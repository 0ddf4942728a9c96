import { QueryClientProvider, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { chaptersQuery } from '../api/get-chapters.ts';
import { subjectsQuery } from '../api/get-subjects.ts';
import { recentlyWatchedQuery } from '../features/history/api/get-recently-watched.ts';
import { liveClassesQuery } from '../features/live-classes/api/get-live-classes.ts';
import { newsEventsQuery } from '../features/news/api/get-news-events.ts';
import { studyMaterialsQuery } from '../features/study-materials/api/get-study-materials.ts';
import { topicsQuery } from '../features/topics/api/get-topics.ts';
import { LIST_FRESH_MS } from '../lib/list-freshness.ts';
import { createQueryClient } from './query-client.ts';

/** A screen in miniature: asks its query and says when the answer is there. */
function Screen({ query }: { query: UseQueryOptions<unknown, Error, unknown, readonly unknown[]> }) {
  const { isSuccess } = useQuery(query);
  return <p>{isSuccess ? 'shown' : 'loading'}</p>;
}

/** Opens the screen, leaves it, and opens it again `laterMs` after the first answer; the requests made. */
async function visitTwice(
  path: string,
  answer: unknown,
  query: UseQueryOptions<unknown, Error, unknown, readonly unknown[]>,
  laterMs: number,
) {
  vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date'] });
  const calls = mockApi({ [path]: () => ok(answer) });
  const client = createQueryClient();
  const first = render(
    <QueryClientProvider client={client}>
      <Screen query={query} />
    </QueryClientProvider>,
  );
  await screen.findByText('shown');
  first.unmount();
  vi.setSystemTime(Date.now() + laterMs);
  render(
    <QueryClientProvider client={client}>
      <Screen query={query} />
    </QueryClientProvider>,
  );
  await screen.findByText('shown');
  // A refetch on mount starts at once; give it the moment it needs to reach fetch.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return calls.filter((call) => call.path === path);
}

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const lists = [
  ['subjects', '/Student/subjects', { data: [] }, subjectsQuery(7)],
  ['chapters', '/Student/chapters', [], chaptersQuery(7, 1)],
  ['topics', '/Student/topics', [], topicsQuery(7, 1)],
  ['study materials', '/Student/study_materials', [], studyMaterialsQuery(7, 1, 1)],
  ['news', '/Student/news_events', [], newsEventsQuery(7)],
] as const;

describe('a list screen opened again (docs/decisions/061)', () => {
  it.each(lists)('%s: half a minute later shows what it has without a request', async (_name, path, answer, query) => {
    const calls = await visitTwice(path, answer, query as never, 30_000);
    expect(calls).toHaveLength(1);
  });

  it.each(lists)('%s: after the minute asks again', async (_name, path, answer, query) => {
    const calls = await visitTwice(path, answer, query as never, LIST_FRESH_MS + 1_000);
    expect(calls).toHaveLength(2);
  });

  it.each([
    ['live classes', '/Student/live_classes', [], liveClassesQuery(7, 1, 1)],
    ['the history', '/Student/recently_watched', { data: [] }, recentlyWatchedQuery(7)],
  ] as const)('%s: asked again on every visit, since it must be live', async (_name, path, answer, query) => {
    expect(await visitTwice(path, answer, query as never, 1_000)).toHaveLength(2);
  });
});
