import * as z from 'zod/mini';
import { endpoint, envelope, id, studentBody } from './common.ts';

/** Longest position or duration the server stores: a day, well past any lesson. */
export const MAX_VIDEO_SECONDS = 24 * 60 * 60;

const seconds = z.number().check(z.gte(0, 'must be 0 or more'), z.lte(MAX_VIDEO_SECONDS, 'must be at most 24 hours'));

export const topic = z.object({
  topic_id: z.number(),
  topic_name: z.string(),
  /** A file under /media/, a YouTube or Vimeo page, or an HLS playlist (.m3u8). */
  video_link: z.string(),
  thumbnail: z.string(),
  subject_name: z.string(),
  chapter_name: z.string(),
  /** Where the student stopped last time; null when never watched. */
  position_seconds: z.nullable(z.number()),
  /** The video's length when known (from the student's player or the catalogue); null otherwise. */
  duration_seconds: z.nullable(z.number()),
});
export type Topic = z.infer<typeof topic>;

export const watchedTopic = z.object({
  topic_id: z.number(),
  thumbnail: z.string(),
  subject_name: z.string(),
  chapter_name: z.string(),
  topic_name: z.string(),
  video_link: z.string(),
  position_seconds: z.number(),
  duration_seconds: z.nullable(z.number()),
  /** ISO 8601, UTC: when the student last watched it. */
  watched_at: z.string(),
});
export type WatchedTopic = z.infer<typeof watchedTopic>;

/** A chapter's topics in order, each with the student's last position; the chapter must be in an enrolled subject. */
export const getTopics = endpoint({
  method: 'POST',
  path: '/Student/topics',
  auth: true,
  body: studentBody({ chapter_id: id }),
  response: envelope(z.array(topic)),
});

/** What the student watched, newest first, at data.data (spec section 7). */
export const getRecentlyWatched = endpoint({
  method: 'POST',
  path: '/Student/recently_watched',
  auth: true,
  body: studentBody({}),
  response: envelope(z.object({ data: z.array(watchedTopic) })),
});

/**
 * Records that the student watched a topic, and how far: other clients send only {stud_id, topic_id};
 * the web app also sends the position (and the duration once the player knows it) every few seconds.
 */
export const recordWatched = endpoint({
  method: 'POST',
  path: '/Student/watched',
  auth: true,
  body: studentBody({
    topic_id: id,
    position_seconds: z.optional(seconds),
    duration_seconds: z.optional(seconds.check(z.positive('must be more than 0'))),
  }),
  response: envelope(z.null()),
});
