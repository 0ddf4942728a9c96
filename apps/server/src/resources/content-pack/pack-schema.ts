import * as z from 'zod/mini';

// The format of content.yaml (docs/features/content-pack.md). Names match existing items within their parent.

const text = (max: number) =>
  z
    .string()
    .check(z.trim(), z.minLength(1, 'must not be empty'), z.maxLength(max, `must be at most ${max} characters`));
const optionText = z.pipe(
  z.union([z.string(), z.number()]),
  z.transform((value) => String(value).trim()),
);
const count = z.int().check(z.nonnegative('must be 0 or more'));

export const questionSchema = z.strictObject({
  question: text(2000),
  options: z
    .array(optionText)
    .check(z.minLength(2, 'needs at least 2 options'), z.maxLength(10, 'takes at most 10 options')),
  answer: z.int().check(z.positive('is the position of the right option, from 1')),
  marks: z._default(count, 1),
});

export const quizSchema = z.strictObject({
  name: text(200),
  pass_marks: count,
  allow_retake: z._default(z.boolean(), true),
  questions: z.array(questionSchema).check(z.minLength(1, 'needs at least one question')),
});

export const topicSchema = z.strictObject({ name: text(200), video: text(2000) });
export const materialSchema = z.strictObject({ title: text(200), file: text(500), password: z.optional(z.string()) });

export const chapterSchema = z.strictObject({
  name: text(200),
  topics: z._default(z.array(topicSchema), []),
  materials: z._default(z.array(materialSchema), []),
  quizzes: z._default(z.array(quizSchema), []),
});

export const liveClassSchema = z.strictObject({
  name: text(200),
  tutor: text(200),
  starts_at: text(40),
  duration_minutes: z._default(
    z.int().check(z.positive('must be 1 or more'), z.maximum(24 * 60, 'must be at most 1440')),
    60,
  ),
  link: text(2000),
});

export const batchSchema = z.strictObject({ name: text(200), classes: z._default(z.array(liveClassSchema), []) });

export const subjectSchema = z.strictObject({
  name: text(200),
  thumbnail: z.optional(text(500)),
  chapters: z._default(z.array(chapterSchema), []),
  batches: z._default(z.array(batchSchema), []),
});

export const newsSchema = z.strictObject({
  heading: text(300),
  body: z._default(z.string(), ''),
  picture: z.optional(text(500)),
  published_at: z.optional(text(40)),
});

export const packSchema = z.strictObject({
  subjects: z._default(z.array(subjectSchema), []),
  news: z._default(z.array(newsSchema), []),
});

export type Pack = z.infer<typeof packSchema>;
export type PackSubject = Pack['subjects'][number];
export type PackChapter = PackSubject['chapters'][number];
export type PackQuestion = z.infer<typeof questionSchema>;

/** A path as the report prints it: subjects[0].chapters[2].quizzes[0].questions[3]. */
export const placeOf = (path: readonly PropertyKey[]) =>
  path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i ? '.' : ''}${String(part)}`)).join('') ||
  'content.yaml';
