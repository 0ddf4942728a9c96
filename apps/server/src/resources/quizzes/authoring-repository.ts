import type { AuthoredQuestion, AuthoredQuiz, QuizSummary } from '@portal/contract/console';
import type { Queryable } from '../../db/database.ts';
import { LIST_LIMIT } from './sql.ts';

export function listAuthoredQuizzes(db: Queryable, chapterId: number): Promise<QuizSummary[]> {
  return db.query<QuizSummary>(
    `SELECT q.id, q.name, q.pass_marks, q.allow_retake,
            (SELECT count(*)::int FROM questions qu WHERE qu.quiz_id = q.id AND qu.retired_at IS NULL) AS questions,
            (SELECT count(*)::int FROM quiz_attempts a WHERE a.quiz_id = q.id) AS attempts
       FROM quizzes q WHERE q.chapter_id = $1 AND q.deleted_at IS NULL
      ORDER BY q.added_on DESC, q.id LIMIT ${LIST_LIMIT}`,
    [chapterId],
  );
}

/** The quiz with its live questions, each right answer given by its place among the options. */
export async function findAuthoredQuiz(db: Queryable, id: number): Promise<AuthoredQuiz | undefined> {
  const [quiz] = await db.query<Omit<AuthoredQuiz, 'questions'>>(
    `SELECT q.id, q.chapter_id, q.name, q.pass_marks, q.allow_retake,
            (SELECT count(*)::int FROM quiz_attempts a WHERE a.quiz_id = q.id) AS attempts
       FROM quizzes q WHERE q.id = $1 AND q.deleted_at IS NULL`,
    [id],
  );
  if (!quiz) return undefined;
  const rows = await db.query<{
    id: number;
    question: string;
    options: string[];
    correct_answer: string;
    marks: number;
  }>(
    `SELECT id, question, options, correct_answer, marks FROM questions WHERE quiz_id = $1 AND retired_at IS NULL ORDER BY position, id LIMIT ${LIST_LIMIT}`,
    [id],
  );
  const questions: AuthoredQuestion[] = rows.map((row) => ({
    id: row.id,
    question: row.question,
    options: row.options,
    answer: row.options.indexOf(row.correct_answer) + 1,
    marks: row.marks,
  }));
  return { ...quiz, questions };
}

export async function chapterExists(db: Queryable, chapterId: number): Promise<boolean> {
  return (await db.query(`SELECT 1 FROM chapters WHERE id = $1`, [chapterId])).length > 0;
}

export interface QuizFields {
  name: string;
  pass_marks: number;
  allow_retake: boolean;
}

export async function insertQuiz(tx: Queryable, chapterId: number, fields: QuizFields): Promise<number> {
  const [row] = await tx.query<{ id: number }>(
    `INSERT INTO quizzes (chapter_id, name, pass_marks, allow_retake) VALUES ($1, $2, $3, $4) RETURNING id`,
    [chapterId, fields.name, fields.pass_marks, fields.allow_retake],
  );
  return row!.id;
}

/** Locks a live quiz for the rest of the transaction; answers false when there is none. */
export async function lockQuiz(tx: Queryable, id: number): Promise<boolean> {
  return (await tx.query(`SELECT id FROM quizzes WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [id])).length > 0;
}

export async function updateQuiz(tx: Queryable, id: number, fields: QuizFields) {
  await tx.query(`UPDATE quizzes SET name = $2, pass_marks = $3, allow_retake = $4 WHERE id = $1`, [
    id,
    fields.name,
    fields.pass_marks,
    fields.allow_retake,
  ]);
}

export async function removeQuiz(tx: Queryable, id: number) {
  await tx.query(`DELETE FROM quizzes WHERE id = $1`, [id]);
}

/** A quiz with attempts is hidden, not deleted: students' reports of it stay. */
export async function hideQuiz(tx: Queryable, id: number) {
  await tx.query(`UPDATE quizzes SET deleted_at = now() WHERE id = $1`, [id]);
}

export interface QuestionInput {
  id?: number | undefined;
  question: string;
  options: string[];
  answer: number;
  marks: number;
}

const sameQuestion = (stored: AuthoredQuestion, given: QuestionInput) =>
  stored.question === given.question &&
  stored.marks === given.marks &&
  stored.answer === given.answer &&
  JSON.stringify(stored.options) === JSON.stringify(given.options);

/**
 * Makes the quiz's live questions the given ones, in order. Without attempts, questions change in place and removed
 * ones are deleted. With attempts, a changed question is retired and stored anew and a removed one is retired, so a
 * report of an earlier attempt still finds the questions as they were (attempt-repository's listReportQuestions).
 * Answers `undefined` when a given `id` is not a live question of this quiz.
 */
export async function storeQuestions(
  tx: Queryable,
  quiz: { id: number; attempts: number; questions: AuthoredQuestion[] },
  given: QuestionInput[],
): Promise<string | undefined> {
  const live = new Map(quiz.questions.map((question) => [question.id!, question]));
  const unknown = given.find((question) => question.id !== undefined && !live.has(question.id));
  if (unknown)
    return `questions: question ${unknown.id} is not one of this quiz's questions (it may have been changed meanwhile; reload)`;
  const kept = new Set(given.flatMap((question) => (question.id === undefined ? [] : [question.id])));
  const versioned = quiz.attempts > 0;
  const removed = [...live.keys()].filter((questionId) => !kept.has(questionId));
  if (removed.length) {
    await tx.query(
      versioned
        ? `UPDATE questions SET retired_at = now() WHERE id = ANY($1::int[])`
        : `DELETE FROM questions WHERE id = ANY($1::int[])`,
      [removed],
    );
  }
  for (const [position, question] of given.entries()) {
    const stored = question.id === undefined ? undefined : live.get(question.id);
    const fields = [
      question.question,
      JSON.stringify(question.options),
      question.options[question.answer - 1]!,
      question.marks,
      position,
    ] as const;
    if (stored && sameQuestion(stored, question)) {
      await tx.query(`UPDATE questions SET position = $2 WHERE id = $1 AND position IS DISTINCT FROM $2`, [
        stored.id,
        position,
      ]);
    } else if (stored && !versioned) {
      await tx.query(
        `UPDATE questions SET question = $2, options = $3::jsonb, correct_answer = $4, marks = $5, position = $6 WHERE id = $1`,
        [stored.id, ...fields],
      );
    } else {
      if (stored) await tx.query(`UPDATE questions SET retired_at = now() WHERE id = $1`, [stored.id]);
      await tx.query(
        `INSERT INTO questions (quiz_id, question, options, correct_answer, marks, position) VALUES ($1, $2, $3::jsonb, $4, $5, $6)`,
        [quiz.id, ...fields],
      );
    }
  }
  return undefined;
}
