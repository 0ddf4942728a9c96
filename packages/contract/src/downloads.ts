import * as z from 'zod/mini';
import { endpoint, envelope, id, studentBody } from './common.ts';

// Download for later (docs/decisions/077): a topic's video and its chapter's study materials stored in the installed
// app, encrypted with a key the server gives the signed-in student. Its own module, as push.ts: the student app's
// first load imports the contract's index, and these calls are used only once a download is asked for.

/** The student's key for downloads: 32 random-looking bytes, base64url (AES-256-GCM), the same on every call. */
export const getDownloadKey = endpoint({
  method: 'POST',
  path: '/Student/download_key',
  auth: true,
  body: studentBody({}),
  response: envelope(z.object({ key: z.string(), key_id: z.string() })),
});

/** One way to download a topic's video: a step of its ladder, or the uploaded file while it has none. */
export const downloadStep = z.object({
  /** "240p", …, or "original". */
  name: z.string(),
  height: z.nullable(z.number()),
  /** Every byte the download fetches: the step's playlist, init segment and segments, or the file. */
  bytes: z.number(),
  /** A signed link (decision 041): the step's playlist, or the file. */
  link: z.string(),
});
export type DownloadStep = z.infer<typeof downloadStep>;

export const downloadMaterial = z.object({
  id: z.number(),
  title: z.string(),
  bytes: z.number(),
  /** Where the PDF is fetched from, with the session's Token header (as the viewer does). */
  path: z.string(),
});
export type DownloadMaterial = z.infer<typeof downloadMaterial>;

export const topicDownload = z.object({
  topic_id: z.number(),
  topic_name: z.string(),
  subject_name: z.string(),
  chapter_name: z.string(),
  duration_seconds: z.nullable(z.number()),
  /** Lowest first; empty for a video that cannot be downloaded (YouTube, Vimeo, another server). */
  steps: z.array(downloadStep),
  /** The study materials of the topic's chapter. */
  materials: z.array(downloadMaterial),
});
export type TopicDownload = z.infer<typeof topicDownload>;

/** What the student can download of a topic, with every choice's size; only a topic of an enrolled subject. */
export const getTopicDownload = endpoint({
  method: 'POST',
  path: '/Student/topic_download',
  auth: true,
  body: studentBody({ topic_id: id }),
  response: envelope(topicDownload),
});
