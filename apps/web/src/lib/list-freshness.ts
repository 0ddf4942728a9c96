/**
 * How long a list of the course (subjects, chapters, topics, materials, quizzes, news, batches) stays fresh: a screen
 * opened again within it shows what it has without asking, which saves the phone the round trip (docs/decisions/061).
 * Staff changes reach the student within a minute; the student's own changes (a watch position, a submitted quiz)
 * mark their lists stale at once. What must be live (live classes, the history, the profile, a quiz) keeps no window.
 */
export const LIST_FRESH_MS = 60_000;
