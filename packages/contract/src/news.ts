import * as z from 'zod/mini';
import { endpoint, envelope, id, studentBody } from './common.ts';

/**
 * One news or event. `heading` and `news` are HTML as the institute wrote it: clients must sanitise before
 * rendering. `images` is the address of its one picture ('' when it has none).
 */
export const newsItem = z.object({
  id: z.number(),
  heading: z.string(),
  images: z.string(),
  news: z.string(),
  /** ISO 8601 (UTC). */
  published_at: z.string(),
});
export type NewsItem = z.infer<typeof newsItem>;

/** The newest news and events first, at most 50. */
export const getNewsEvents = endpoint({
  method: 'POST',
  path: '/Student/news_events',
  auth: true,
  body: studentBody({}),
  response: envelope(z.array(newsItem)),
});

/** One news item by id, so a detail page opens from a link even when it has left the newest 50. */
export const getNewsItem = endpoint({
  method: 'POST',
  path: '/Student/news_event',
  auth: true,
  body: studentBody({ id }),
  response: envelope(newsItem),
});
