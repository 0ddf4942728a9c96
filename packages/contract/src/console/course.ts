import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { consoleEndpoint, everyStaffRole } from './common.ts';

// Authoring a course: subjects, their chapters, and each chapter's topics (videos) and study materials (PDFs).
// Files are uploaded first (MEDIA_UPLOAD below), then named by the address the upload answered.

const text = (field: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${field} is required`),
      z.maxLength(max, `${field} must be at most ${max} characters`),
    );

/** A picture's address under /media (an upload's answer or a demo file), or '' for none. */
const picture = z.string().check(
  z.trim(),
  z.maxLength(500, 'thumbnail must be at most 500 characters'),
  z.refine(
    (value) => value === '' || /^\/media\/[\w./-]+\.(png|jpe?g|webp|svg)$/i.test(value),
    'thumbnail must be a picture under /media/, or empty',
  ),
);

export const authoredSubject = z.object({
  id: z.number(),
  name: z.string(),
  thumbnail: z.string(),
  /** An uploaded picture's own file name, when the upload kept one. */
  thumbnail_name: z.nullable(z.string()),
  chapters: z.number(),
  /** Students enrolled in it (a subject with students cannot be deleted). */
  students: z.number(),
});
export type AuthoredSubject = z.infer<typeof authoredSubject>;

export const authoredTopic = z.object({
  id: z.number(),
  name: z.string(),
  /** An uploaded video under /media/, or a YouTube, Vimeo or HLS (.m3u8) https address. */
  video_link: z.string(),
  /** An uploaded video's own file name, when the upload kept one. */
  video_name: z.nullable(z.string()),
  duration_seconds: z.nullable(z.number()),
  /** Students with watch history on it: deleting it then hides it from students and keeps their history. */
  watched_by: z.number(),
  /**
   * An uploaded video's encoding ladder for slow networks (docs/decisions/074): waiting or running (progress 0 to 1),
   * ready, or failed (students get the original file until it is ready, and when it failed); null for other addresses.
   */
  encoding: z.nullable(
    z.object({
      state: z.enum(['waiting', 'running', 'ready', 'failed']),
      progress: z.number(),
      /** The steps' heights once ready, lowest first (e.g. [240, 360, 720]). */
      heights: z.array(z.number()),
      error: z.nullable(z.string()),
    }),
  ),
});
export type AuthoredTopic = z.infer<typeof authoredTopic>;

export const authoredMaterial = z.object({
  id: z.number(),
  title: z.string(),
  /** The PDF's name in the materials folder. */
  file_name: z.string(),
  /** The PDF's own file name as uploaded, when the upload kept one (else show file_name). */
  original_name: z.nullable(z.string()),
  /** The PDF asks for a password before it opens (students are asked for it in the viewer). */
  password_protected: z.boolean(),
});
export type AuthoredMaterial = z.infer<typeof authoredMaterial>;

export const authoredChapter = z.object({
  id: z.number(),
  name: z.string(),
  topics: z.array(authoredTopic),
  materials: z.array(authoredMaterial),
  /** Quizzes in it (authored elsewhere); a chapter with any cannot be deleted. */
  quizzes: z.number(),
});
export type AuthoredChapter = z.infer<typeof authoredChapter>;

/** Every subject in students' order, with how many chapters and students each has (at most 500). */
export const listAuthoredSubjects = consoleEndpoint({
  method: 'POST',
  path: '/Course/subjects',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: envelope(z.object({ subjects: z.array(authoredSubject) })),
});

/** One subject with its chapters, and in each its topics and study materials, in students' order. */
export const getAuthoredSubject = consoleEndpoint({
  method: 'POST',
  path: '/Course/subject',
  roles: everyStaffRole,
  body: z.strictObject({ subject_id: id }),
  response: envelope(z.object({ subject: authoredSubject, chapters: z.array(authoredChapter) })),
});

/** Adds a subject (no `id`; it goes last) or renames one and changes its picture. */
export const saveSubject = consoleEndpoint({
  method: 'POST',
  path: '/Subject/save',
  roles: everyStaffRole,
  body: z.strictObject({ id: z.optional(id), name: text('name', 200), thumbnail: z._default(picture, '') }),
  response: envelope(authoredSubject),
});

/** Deletes a subject with no chapters, no batches and no students enrolled; anything else is refused (409). */
export const deleteSubject = consoleEndpoint({
  method: 'POST',
  path: '/Subject/delete',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.null()),
});

/** Adds a chapter at the end of `subject_id` (no `id`), or renames one. */
export const saveChapter = consoleEndpoint({
  method: 'POST',
  path: '/Chapter/save',
  roles: everyStaffRole,
  body: z.strictObject({ id: z.optional(id), subject_id: z.optional(id), name: text('name', 200) }),
  response: envelope(z.object({ id: z.number(), name: z.string() })),
});

/** Deletes a chapter that holds nothing (no topics, deleted ones included, no materials, no quizzes). */
export const deleteChapter = consoleEndpoint({
  method: 'POST',
  path: '/Chapter/delete',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.null()),
});

/** Adds a topic at the end of `chapter_id` (no `id`), or changes one. The video address is checked before it is saved. */
export const saveTopic = consoleEndpoint({
  method: 'POST',
  path: '/Topic/save',
  roles: everyStaffRole,
  body: z.strictObject({
    id: z.optional(id),
    chapter_id: z.optional(id),
    name: text('name', 200),
    video_link: text('video_link', 1000),
    /** Found by the console from an uploaded file; null or absent when unknown (students' players find it). */
    duration_seconds: z.optional(
      z.nullable(
        z
          .int('duration_seconds must be whole seconds')
          .check(z.gte(0), z.lte(24 * 3600, 'duration_seconds must be at most a day')),
      ),
    ),
  }),
  response: envelope(authoredTopic),
});

/**
 * Deletes a topic. One that students have watched is only hidden, and only with `confirm: true` (without it the
 * answer is 409 saying how many students watched it): their watch history stays, in insights too.
 */
export const deleteTopic = consoleEndpoint({
  method: 'POST',
  path: '/Topic/delete',
  roles: everyStaffRole,
  body: z.strictObject({ id, confirm: z.optional(z.boolean()) }),
  response: envelope(z.null()),
});

/** Adds a study material at the end of `chapter_id` (no `id`), or changes its title or file (a PDF uploaded first). */
export const saveMaterial = consoleEndpoint({
  method: 'POST',
  path: '/Material/save',
  roles: everyStaffRole,
  body: z.strictObject({
    id: z.optional(id),
    chapter_id: z.optional(id),
    title: text('title', 200),
    file_name: z.string().check(z.regex(/^[\w.-]{1,200}\.pdf$/, 'file_name must be the name of an uploaded PDF')),
  }),
  response: envelope(authoredMaterial),
});

/** Removes a study material from its chapter (students keep nothing of a PDF but what they downloaded). */
export const deleteMaterial = consoleEndpoint({
  method: 'POST',
  path: '/Material/delete',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(z.null()),
});

export const courseItemKinds = ['subject', 'chapter', 'topic', 'material'] as const;

/** Moves an item one place up or down among its siblings, the order students see. */
export const moveCourseItem = consoleEndpoint({
  method: 'POST',
  path: '/Course/move',
  roles: everyStaffRole,
  body: z.strictObject({ kind: z.enum(courseItemKinds), id, direction: z.enum(['up', 'down']) }),
  response: envelope(z.null()),
});

// Uploads are not JSON: the file's bytes are the body (Content-Type: application/octet-stream), so a 1 GB video is
// streamed to disk, never held in memory or grown by base64. What kind of file is expected goes in the query.

export const mediaKinds = ['picture', 'video', 'pdf'] as const;
export type MediaKind = (typeof mediaKinds)[number];

/**
 * Uploads one file: POST {CONSOLE_API_BASE}{MEDIA_UPLOAD.path}?kind=picture|video|pdf&name=<the file's own name>, the
 * Token header, the bytes. The name (optional) is kept, sanitised, to show staff in the lists instead of the stored name.
 */
export const MEDIA_UPLOAD = {
  method: 'POST',
  path: '/Media/upload',
  auth: true,
  roles: everyStaffRole,
  /** No JSON body: the bytes themselves, with the `kind` query parameter. */
  body: undefined,
  bytes: { query: 'kind', kinds: mediaKinds, nameQuery: 'name' },
  response: envelope(
    z.object({
      kind: z.enum(mediaKinds),
      /** A picture's or video's address under /media/, or a PDF's file name for Material/save. */
      address: z.string(),
      bytes: z.number(),
      password_protected: z.boolean(),
      /** The file's own name as kept (sanitised), or null when none was sent. */
      original_name: z.nullable(z.string()),
    }),
  ),
} as const;
export type MediaUploadAnswer = z.infer<typeof MEDIA_UPLOAD.response>;
