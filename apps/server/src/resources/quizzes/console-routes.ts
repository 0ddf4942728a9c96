import type { FastifyInstance } from 'fastify';
import { deleteQuiz, getAuthoredQuiz, listAuthoredQuizzes as listCall, saveQuiz } from '@portal/contract/console';
import { recordAudit } from '../../audit/record-audit.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { findAuthoredQuiz, listAuthoredQuizzes, storeQuestions } from './authoring-repository.ts';

const missing = (what: string) => new ApiError(404, `${what}: there is no such quiz (it may have been deleted).`);

/** Staff write quizzes (docs/features/course-authoring.md); every change is in the audit log. */
export async function quizConsoleRoutes(app: FastifyInstance) {
  const db = app.db;

  defineConsoleRoute(app, listCall, async ({ body }) => {
    if (!(await db.query(`SELECT 1 FROM chapters WHERE id = $1`, [body.chapter_id])).length)
      throw new ApiError(404, 'chapter_id: there is no such chapter.');
    return { status: true, message: 'Quizzes', data: { quizzes: await listAuthoredQuizzes(db, body.chapter_id) } };
  });

  defineConsoleRoute(app, getAuthoredQuiz, async ({ body }) => {
    const quiz = await findAuthoredQuiz(db, body.id);
    if (!quiz) throw missing('id');
    return { status: true, message: quiz.name, data: quiz };
  });

  defineConsoleRoute(app, saveQuiz, async ({ body, staff }) => {
    const { questions, ...fields } = body;
    const saved = await db.transaction(async (tx) => {
      let before;
      if (body.id === undefined) {
        if (body.chapter_id === undefined) throw new ApiError(400, 'chapter_id: a new quiz needs its chapter');
        if (!(await tx.query(`SELECT 1 FROM chapters WHERE id = $1`, [body.chapter_id])).length)
          throw new ApiError(404, 'chapter_id: there is no such chapter.');
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO quizzes (chapter_id, name, pass_marks, allow_retake) VALUES ($1, $2, $3, $4) RETURNING id`,
          [body.chapter_id, fields.name, fields.pass_marks, fields.allow_retake],
        );
        before = (await findAuthoredQuiz(tx, row!.id))!;
      } else {
        // Two editors saving at once would each version from the same questions: one waits for the other.
        const [locked] = await tx.query(`SELECT id FROM quizzes WHERE id = $1 AND deleted_at IS NULL FOR UPDATE`, [
          body.id,
        ]);
        if (!locked) throw missing('id');
        before = (await findAuthoredQuiz(tx, body.id))!;
        await tx.query(`UPDATE quizzes SET name = $2, pass_marks = $3, allow_retake = $4 WHERE id = $1`, [
          body.id,
          fields.name,
          fields.pass_marks,
          fields.allow_retake,
        ]);
      }
      const problem = await storeQuestions(tx, before, questions);
      if (problem) throw new ApiError(409, problem);
      const after = (await findAuthoredQuiz(tx, before.id))!;
      await recordAudit(tx, staff, {
        action: body.id === undefined ? 'quiz.add' : 'quiz.update',
        entity: 'quiz',
        entityId: after.id,
        before: body.id === undefined ? null : before,
        after,
      });
      return after;
    });
    const kept =
      saved.attempts > 0 && body.id !== undefined
        ? ` Reports of its ${saved.attempts} earlier ${saved.attempts === 1 ? 'attempt' : 'attempts'} still show the questions as they were.`
        : '';
    return { status: true, message: `${saved.name} is saved.${kept}`, data: saved };
  });

  defineConsoleRoute(app, deleteQuiz, async ({ body, staff }) => {
    const outcome = await db.transaction(async (tx) => {
      const before = await findAuthoredQuiz(tx, body.id);
      if (!before) throw missing('id');
      if (before.attempts === 0) {
        await tx.query(`DELETE FROM quizzes WHERE id = $1`, [body.id]);
      } else if (body.confirm !== true) {
        throw new ApiError(
          409,
          `${before.name} has ${before.attempts} ${before.attempts === 1 ? 'attempt' : 'attempts'}. Deleting it hides it from students and keeps their reports; send confirm: true to go ahead.`,
        );
      } else {
        await tx.query(`UPDATE quizzes SET deleted_at = now() WHERE id = $1`, [body.id]);
      }
      await recordAudit(tx, staff, {
        action: 'quiz.delete',
        entity: 'quiz',
        entityId: body.id,
        before,
        after: before.attempts ? { hidden: true } : null,
      });
      return before;
    });
    const message = outcome.attempts
      ? `${outcome.name} is deleted; students' reports of it are kept.`
      : `${outcome.name} is deleted.`;
    return { status: true, message, data: null };
  });
}
