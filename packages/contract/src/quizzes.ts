import * as z from 'zod/mini';
import { endpoint, envelope, id, studentBody } from './common.ts';
import { refusalCode } from './refusals.ts';

/** Dates travel as ISO 8601 in UTC (`2025-01-31T09:15:00Z`); screens show them in the student's local time. */
const isoDate = z.string();

/** `pass` or `fail`; clients match it case-insensitively (spec section 9), so other servers' `Pass` is read too. */
const result = z.string();

export const quizListItem = z.object({ id: z.number(), name: z.string(), added_on: isoDate });
export type QuizListItem = z.infer<typeof quizListItem>;

/** A chapter's quizzes, newest first; the chapter must be in one of the student's subjects. */
export const getQuizzesByChapter = endpoint({
  method: 'POST',
  path: '/Student/get_quiz_by_chapter',
  auth: true,
  body: studentBody({ chapter_id: id }),
  response: envelope(z.array(quizListItem)),
});

/** A question as the student sees it: never its correct answer. */
export const quizQuestion = z.object({
  question_id: z.number(),
  question: z.string(),
  options: z.array(z.string()),
  marks: z.number(),
});
export type QuizQuestion = z.infer<typeof quizQuestion>;

export const quizDetail = z.object({
  quiz: z.object({
    id: z.number(),
    name: z.string(),
    chapter_id: z.number(),
    max_marks: z.number(),
    pass_marks: z.number(),
    allow_retake: z.boolean(),
    /** Whether the student has submitted this quiz before. */
    attempted: z.boolean(),
  }),
  questions: z.array(quizQuestion),
});
export type QuizDetail = z.infer<typeof quizDetail>;

export const getQuiz = endpoint({
  method: 'POST',
  path: '/Student/get_quiz',
  auth: true,
  body: studentBody({ quiz_id: id }),
  response: envelope(quizDetail),
});

export const MAX_QUIZ_ANSWERS = 200;
export const MAX_ANSWER_LENGTH = 1000;

export const submittedAnswer = z.strictObject({
  question_id: id,
  /** The chosen option's text. */
  answer: z.string().check(z.minLength(1, 'must not be empty'), z.maxLength(MAX_ANSWER_LENGTH, 'is too long')),
});
export type SubmittedAnswer = z.input<typeof submittedAnswer>;

const submitData = z.array(submittedAnswer).check(
  z.maxLength(MAX_QUIZ_ANSWERS, `has more than ${MAX_QUIZ_ANSWERS} answers`),
  z.refine((answers) => new Set(answers.map((a) => a.question_id)).size === answers.length, 'answers a question twice'),
);

export const quizResult = z.object({
  result,
  message: z.string(),
  /** e.g. `4/6`. */
  score_text: z.string(),
  attempt_id: z.number(),
});
export type QuizResult = z.infer<typeof quizResult>;

/**
 * Grades a submission and stores it as one attempt. A refusal the student can act on (a retake the quiz
 * does not allow) is HTTP 200 with `status: false` and a message, as the spec's client expects;
 * a malformed submission (an unknown question or option) is a 400.
 */
export const submitQuiz = endpoint({
  method: 'POST',
  path: '/Student/submit_quiz',
  auth: true,
  body: studentBody({
    quiz_id: id,
    submit_data: submitData,
    /**
     * Made by the client when the student starts the quiz and sent with every retry of the same answers:
     * a repeat answers the first attempt again and stores nothing.
     */
    submission_id: z.optional(
      z.string().check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'must be a UUID')),
    ),
  }),
  response: z.union([
    z.object({ status: z.literal(true), message: z.string(), data: quizResult }),
    z.object({ status: z.literal(false), message: z.string(), code: refusalCode, data: z.null() }),
  ]),
});

/** One attempt in a chapter's reports; `id` is the attempt id that quiz_report_by_id takes. */
export const quizAttempt = z.object({
  id: z.number(),
  quiz_id: z.number(),
  name: z.string(),
  added_on: isoDate,
  attend_on: isoDate,
  result,
  marks: z.number(),
  max_marks: z.number(),
});
export type QuizAttempt = z.infer<typeof quizAttempt>;

/** The student's own attempts at the quizzes of a chapter, newest first. */
export const getQuizHistory = endpoint({
  method: 'POST',
  path: '/Student/my_quiz_history',
  auth: true,
  body: studentBody({ chapter_id: id }),
  response: envelope(z.array(quizAttempt)),
});

export const reportQuestion = z.object({
  question_id: z.number(),
  question: z.string(),
  options: z.array(z.string()),
  marks: z.number(),
  /** The correct option. */
  answer: z.string(),
  /** The option the student chose; null when the question was left unanswered. */
  student_answer: z.nullable(z.string()),
});
export type ReportQuestion = z.infer<typeof reportQuestion>;

export const quizReport = z.object({
  quiz_name: z.string(),
  attend_on: isoDate,
  analytics: z.object({
    total_marks_gained: z.number(),
    max_marks: z.number(),
    result,
  }),
  report: z.array(reportQuestion),
});
export type QuizReport = z.infer<typeof quizReport>;

/** One of the student's own attempts, question by question; anyone else's attempt is a 404. */
export const getQuizReport = endpoint({
  method: 'POST',
  path: '/Student/quiz_report_by_id',
  auth: true,
  body: studentBody({ id }),
  response: envelope(quizReport),
});
