import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { consoleEndpoint, everyStaffRole } from './common.ts';

/** The subjects, their chapters and the chapters' quizzes: what the insights page offers to choose from. */
export const insightsCatalogue = consoleEndpoint({
  method: 'POST',
  path: '/Insights/catalogue',
  roles: everyStaffRole,
  body: z.optional(z.strictObject({})),
  response: envelope(
    z.object({
      subjects: z.array(
        z.object({
          id: z.number(),
          name: z.string(),
          chapters: z.array(
            z.object({
              id: z.number(),
              name: z.string(),
              quizzes: z.array(z.object({ id: z.number(), name: z.string() })),
            }),
          ),
        }),
      ),
    }),
  ),
});

/** Per topic of a subject: how many of its enrolled students have watched it, and watched it to the end. */
export const subjectInsights = consoleEndpoint({
  method: 'POST',
  path: '/Insights/subject',
  roles: everyStaffRole,
  body: z.strictObject({ subject_id: id }),
  response: envelope(
    z.object({
      enrolled: z.number(),
      topics: z.array(
        z.object({
          topic_id: z.number(),
          chapter: z.string(),
          topic: z.string(),
          watched: z.number(),
          finished: z.number(),
        }),
      ),
    }),
  ),
});

/** A quiz's attempts, average score, pass rate, and its questions most often answered wrong first. */
export const quizInsights = consoleEndpoint({
  method: 'POST',
  path: '/Insights/quiz',
  roles: everyStaffRole,
  body: z.strictObject({ quiz_id: id }),
  response: envelope(
    z.object({
      attempts: z.number(),
      /** Of the attempts: the mean of marks ÷ max marks, 0 to 100 (0 without attempts). */
      average_percent: z.number(),
      pass_percent: z.number(),
      questions: z.array(
        z.object({ question_id: z.number(), question: z.string(), answered: z.number(), wrong: z.number() }),
      ),
    }),
  ),
});

/** One student's progress: the topics they watched (newest first) and their quiz attempts. */
export const studentInsights = consoleEndpoint({
  method: 'POST',
  path: '/Insights/student',
  roles: everyStaffRole,
  body: z.strictObject({ stud_id: id }),
  response: envelope(
    z.object({
      name: z.string(),
      watched: z.array(
        z.object({
          subject: z.string(),
          chapter: z.string(),
          topic: z.string(),
          position_seconds: z.number(),
          duration_seconds: z.nullable(z.number()),
          watched_at: z.string(),
        }),
      ),
      attempts: z.array(
        z.object({
          quiz: z.string(),
          marks: z.number(),
          max_marks: z.number(),
          result: z.string(),
          attended_on: z.string(),
        }),
      ),
    }),
  ),
});
