import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { consoleEndpoint, everyStaffRole } from './common.ts';

// Writing quizzes. The right option is chosen by its place (1 = the first option), never by matching text, and
// a quiz students have taken is versioned rather than rewritten, so their reports keep showing what they answered.

const MAX_QUESTIONS = 200;
const MAX_OPTIONS = 8;

const text = (field: string, max: number) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `${field} is required`),
      z.maxLength(max, `${field} must be at most ${max} characters`),
    );
const whole = (field: string, min: number, max: number) =>
  z
    .int(`${field} must be a whole number`)
    .check(z.gte(min, `${field} must be at least ${min}`), z.lte(max, `${field} must be at most ${max}`));

export const authoredQuestion = z.object({
  /** Absent for a new question; a question kept from before carries its id. */
  id: z.optional(z.number()),
  question: z.string(),
  options: z.array(z.string()),
  /** The place of the right option among `options`, from 1. */
  answer: z.number(),
  marks: z.number(),
});
export type AuthoredQuestion = z.infer<typeof authoredQuestion>;

export const authoredQuiz = z.object({
  id: z.number(),
  chapter_id: z.number(),
  name: z.string(),
  pass_marks: z.number(),
  allow_retake: z.boolean(),
  /** Attempts made so far: with any, a changed question becomes a new version and past reports keep the old one. */
  attempts: z.number(),
  questions: z.array(authoredQuestion),
});
export type AuthoredQuiz = z.infer<typeof authoredQuiz>;

export const quizSummary = z.object({
  id: z.number(),
  name: z.string(),
  pass_marks: z.number(),
  allow_retake: z.boolean(),
  questions: z.number(),
  attempts: z.number(),
});
export type QuizSummary = z.infer<typeof quizSummary>;

/** A chapter's quizzes (not deleted), newest first, as students see them. */
export const listAuthoredQuizzes = consoleEndpoint({
  method: 'POST',
  path: '/Quiz/list',
  roles: everyStaffRole,
  body: z.strictObject({ chapter_id: id }),
  response: envelope(z.object({ quizzes: z.array(quizSummary) })),
});

/** One quiz with its live questions in order and each right answer's place. */
export const getAuthoredQuiz = consoleEndpoint({
  method: 'POST',
  path: '/Quiz/get',
  roles: everyStaffRole,
  body: z.strictObject({ id }),
  response: envelope(authoredQuiz),
});

const questionInput = z
  .strictObject({
    id: z.optional(id),
    question: text('question', 2000),
    options: z
      .array(text('option', 500))
      .check(
        z.minLength(2, 'options: a question needs at least 2 options'),
        z.maxLength(MAX_OPTIONS, `options: at most ${MAX_OPTIONS} options`),
      ),
    answer: whole('answer', 1, MAX_OPTIONS),
    marks: z._default(whole('marks', 0, 100), 1),
  })
  .check(
    z.refine((q) => q.answer <= q.options.length, {
      message: 'answer must be the place of one of the options',
      path: ['answer'],
    }),
    z.refine((q) => new Set(q.options.map((option) => option.trim().toLowerCase())).size === q.options.length, {
      message: 'two options read the same; students could not tell them apart',
      path: ['options'],
    }),
  );

/**
 * Stores a whole quiz: a new one (no `id`, with `chapter_id`) or a changed one, its questions in the order given.
 * Questions sent with their `id` are kept (changed ones versioned when the quiz has attempts); live ones not sent are removed.
 */
export const saveQuiz = consoleEndpoint({
  method: 'POST',
  path: '/Quiz/save',
  roles: everyStaffRole,
  body: z
    .strictObject({
      id: z.optional(id),
      chapter_id: z.optional(id),
      name: text('name', 200),
      pass_marks: whole('pass_marks', 0, 100 * MAX_QUESTIONS),
      allow_retake: z._default(z.boolean(), true),
      questions: z
        .array(questionInput)
        .check(
          z.minLength(1, 'questions: a quiz needs at least one question'),
          z.maxLength(MAX_QUESTIONS, `questions: at most ${MAX_QUESTIONS}`),
        ),
    })
    .check(
      z.refine((quiz) => quiz.pass_marks <= quiz.questions.reduce((sum, q) => sum + (q.marks ?? 1), 0), {
        message: 'pass_marks must be at most the total of the questions’ marks',
        path: ['pass_marks'],
      }),
    ),
  response: envelope(authoredQuiz),
});

/** Deletes a quiz nobody has taken; one with attempts only with `confirm: true`, and then it is hidden, its reports kept. */
export const deleteQuiz = consoleEndpoint({
  method: 'POST',
  path: '/Quiz/delete',
  roles: everyStaffRole,
  body: z.strictObject({ id, confirm: z.optional(z.boolean()) }),
  response: envelope(z.null()),
});
