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
          /** Its batches, to narrow a list of students to one. */
          batches: z.array(z.object({ id: z.number(), name: z.string() })),
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

/**
 * A quiz's results counted in students, not attempts: how many attempted it, how many passed (by their best attempt),
 * and the mean of their best scores; the attempts in all; its questions most often answered wrong first.
 */
export const quizInsights = consoleEndpoint({
  method: 'POST',
  path: '/Insights/quiz',
  roles: everyStaffRole,
  body: z.strictObject({ quiz_id: id }),
  response: envelope(
    z.object({
      attempts: z.number(),
      /** Students with at least one attempt. */
      students: z.number(),
      /** Students whose best attempt passed. */
      passed: z.number(),
      /** Of each student's best attempt: the mean of marks ÷ max marks, 0 to 100 (0 without attempts). */
      average_percent: z.number(),
      /** passed ÷ students, 0 to 100. */
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

/** The most students one list answers with, sorted by name; `total` says how many there are in all. */
export const STUDENT_LIST_LIMIT = 500;

/** A student named in an insights list, with when they last watched anything or took any quiz (null: never). */
const listedStudent = {
  stud_id: z.number(),
  name: z.string(),
  mobile: z.string(),
  last_activity: z.nullable(z.string()),
};

/**
 * A topic's active students (enrolled in its subject, or members of one of its batches) who have not watched it at
 * all, or who started it but stopped before the end (with how far they got). The first 500 by name, and the total.
 */
export const topicStudents = consoleEndpoint({
  method: 'POST',
  path: '/Insights/topic-students',
  roles: everyStaffRole,
  body: z.strictObject({
    topic_id: id,
    batch_id: z.optional(id),
    list: z.enum(['not_watched', 'not_finished']),
  }),
  response: envelope(
    z.object({
      total: z.number(),
      students: z.array(
        z.object({
          ...listedStudent,
          position_seconds: z.nullable(z.number()),
          duration_seconds: z.nullable(z.number()),
        }),
      ),
    }),
  ),
});

/**
 * A quiz's active students (enrolled in its subject, or members of one of its batches) who have not attempted it, or
 * whose best attempt failed (with that best score and their latest attempt). The first 500 by name, and the total.
 */
export const quizStudents = consoleEndpoint({
  method: 'POST',
  path: '/Insights/quiz-students',
  roles: everyStaffRole,
  body: z.strictObject({ quiz_id: id, batch_id: z.optional(id), list: z.enum(['not_attempted', 'failed']) }),
  response: envelope(
    z.object({
      total: z.number(),
      students: z.array(
        z.object({
          ...listedStudent,
          best_marks: z.nullable(z.number()),
          max_marks: z.nullable(z.number()),
          attempts: z.number(),
          latest_attempt: z.nullable(z.string()),
        }),
      ),
    }),
  ),
});

/** Which students a chapter's or subject's list names (see chapterStudents). */
const scopeList = z.enum(['not_watched_all', 'not_attempted_all']);
const scopeStudentsResponse = envelope(
  z.object({
    total: z.number(),
    /** The chapter's or subject's live topics (for `not_watched_all`) or quizzes (for `not_attempted_all`). */
    out_of: z.number(),
    students: z.array(
      z.object({
        ...listedStudent,
        /** Topics watched to the end, and topics watched at all (those included); null in `not_attempted_all`. */
        finished: z.nullable(z.number()),
        started: z.nullable(z.number()),
        /** Quizzes attempted, and quizzes passed by the best attempt; null in `not_watched_all`. */
        attempted: z.nullable(z.number()),
        passed: z.nullable(z.number()),
      }),
    ),
  }),
);

/**
 * A chapter's or a whole subject's active students (enrolled in its subject, or members of one of its batches) who are
 * behind on it: `not_watched_all`, who have not watched every one of its topics to the end (with how many they
 * finished and how many they started); `not_attempted_all`, who have not attempted every one of its quizzes (with how
 * many they attempted and how many they passed by their best attempt). Only live topics and quizzes count (a deleted
 * one is not asked of anyone); `out_of` says how many there are. The first 500 by name, and the total.
 */
export const chapterStudents = consoleEndpoint({
  method: 'POST',
  path: '/Insights/chapter-students',
  roles: everyStaffRole,
  body: z.strictObject({ chapter_id: id, batch_id: z.optional(id), list: scopeList }),
  response: scopeStudentsResponse,
});

/** As chapterStudents, over every chapter of a subject. */
export const subjectStudents = consoleEndpoint({
  method: 'POST',
  path: '/Insights/subject-students',
  roles: everyStaffRole,
  body: z.strictObject({ subject_id: id, batch_id: z.optional(id), list: scopeList }),
  response: scopeStudentsResponse,
});

export type ScopeList = z.infer<typeof scopeList>;
