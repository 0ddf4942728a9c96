import type { FastifyInstance } from 'fastify';
import * as call from '@portal/contract/console';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Database } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { type ConsoleContext, defineConsoleRoute } from '../../http/define-console-route.ts';
import {
  chapterExists,
  findAuthoredQuiz,
  hideQuiz,
  insertQuiz,
  listAuthoredQuizzes,
  lockQuiz,
  removeQuiz,
  storeQuestions,
  updateQuiz,
} from './authoring-repository.ts';
import { deletedQuizRoutes } from './restore-quiz.ts';

const missing = (what: string) => new ApiError(404, `${what}: there is no such quiz (it may have been deleted).`);
const noChapter = () => new ApiError(404, 'chapter_id: there is no such chapter.');

/** Staff write quizzes (docs/features/course-authoring.md); every change is in the audit log. */
export async function quizConsoleRoutes(app: FastifyInstance) {
  const { db } = app;
  defineConsoleRoute(app, call.listAuthoredQuizzes, (context) => listQuizzes(db, context));
  defineConsoleRoute(app, call.getAuthoredQuiz, (context) => showQuiz(db, context));
  defineConsoleRoute(app, call.saveQuiz, (context) => saveQuiz(db, context));
  defineConsoleRoute(app, call.deleteQuiz, (context) => deleteQuiz(db, context));
  deletedQuizRoutes(app);
}

async function listQuizzes(db: Database, { body }: ConsoleContext<typeof call.listAuthoredQuizzes>) {
  if (!(await chapterExists(db, body.chapter_id))) throw noChapter();
  return { status: true, message: 'Quizzes', data: { quizzes: await listAuthoredQuizzes(db, body.chapter_id) } };
}

async function showQuiz(db: Database, { body }: ConsoleContext<typeof call.getAuthoredQuiz>) {
  const quiz = await findAuthoredQuiz(db, body.id);
  if (!quiz) throw missing('id');
  return { status: true, message: quiz.name, data: quiz };
}

async function saveQuiz(db: Database, { body, staff }: ConsoleContext<typeof call.saveQuiz>) {
  const { questions, ...fields } = body;
  const saved = await saveAndAudit(db, staff, async (tx) => {
    let before;
    if (body.id === undefined) {
      if (body.chapter_id === undefined) throw new ApiError(400, 'chapter_id: a new quiz needs its chapter');
      if (!(await chapterExists(tx, body.chapter_id))) throw noChapter();
      before = (await findAuthoredQuiz(tx, await insertQuiz(tx, body.chapter_id, fields)))!;
    } else {
      // Two editors saving at once would each version from the same questions: one waits for the other.
      if (!(await lockQuiz(tx, body.id))) throw missing('id');
      before = (await findAuthoredQuiz(tx, body.id))!;
      await updateQuiz(tx, body.id, fields);
    }
    const problem = await storeQuestions(tx, before, questions);
    if (problem) throw new ApiError(409, problem);
    const after = (await findAuthoredQuiz(tx, before.id))!;
    const audit =
      body.id === undefined
        ? { action: 'quiz.add', entity: 'quiz', entityId: after.id, before: null, after }
        : { action: 'quiz.update', entity: 'quiz', entityId: after.id, before, after };
    return { answer: after, audit };
  });
  const kept =
    saved.attempts > 0 && body.id !== undefined
      ? ` Reports of its ${saved.attempts} earlier ${saved.attempts === 1 ? 'attempt' : 'attempts'} still show the questions as they were.`
      : '';
  return { status: true, message: `${saved.name} is saved.${kept}`, data: saved };
}

async function deleteQuiz(db: Database, { body, staff }: ConsoleContext<typeof call.deleteQuiz>) {
  const outcome = await saveAndAudit(db, staff, async (tx) => {
    const before = await findAuthoredQuiz(tx, body.id);
    if (!before) throw missing('id');
    if (before.attempts === 0) {
      await removeQuiz(tx, body.id);
    } else if (body.confirm !== true) {
      throw new ApiError(
        409,
        `${before.name} has ${before.attempts} ${before.attempts === 1 ? 'attempt' : 'attempts'}. Deleting it hides it from students and keeps their reports; send confirm: true to go ahead.`,
      );
    } else {
      await hideQuiz(tx, body.id);
    }
    const after = before.attempts ? { hidden: true } : null;
    return { answer: before, audit: { action: 'quiz.delete', entity: 'quiz', entityId: body.id, before, after } };
  });
  const message = outcome.attempts
    ? `${outcome.name} is deleted; students' reports of it are kept.`
    : `${outcome.name} is deleted.`;
  return { status: true, message, data: null };
}
