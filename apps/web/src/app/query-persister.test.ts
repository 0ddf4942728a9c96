import type { DehydratedState } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { type SavedQueries, serializeBounded } from './query-persister.ts';

type Query = DehydratedState['queries'][number];
const query = (key: string, dataUpdatedAt: number, size: number) =>
  ({ queryKey: [key], queryHash: key, state: { data: 'x'.repeat(size), dataUpdatedAt } }) as unknown as Query;

const saved = (queries: Query[]): SavedQueries => ({
  timestamp: 1,
  buster: 'student-7',
  clientState: { queries, mutations: [] },
});

describe('the saved query cache', () => {
  it('keeps everything under the bound', () => {
    const text = serializeBounded(saved([query('a', 1, 100), query('b', 2, 100)]), 10_000);
    expect(JSON.parse(text).clientState.queries).toHaveLength(2);
  });

  it('drops the least recently updated answers to stay under the bound', () => {
    const text = serializeBounded(saved([query('old', 1, 4000), query('new', 3, 4000), query('mid', 2, 4000)]), 9000);
    expect(text.length).toBeLessThanOrEqual(9000);
    expect(JSON.parse(text).clientState.queries.map((q: { queryHash: string }) => q.queryHash)).toEqual(['new', 'mid']);
  });
});
