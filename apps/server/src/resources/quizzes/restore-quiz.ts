import type { FastifyInstance } from 'fastify';
import { listDeletedQuizzes as listCall, restoreQuiz } from '@portal/contract/console';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { listDeletedQuizzes, unhideQuiz } from './deleted-quiz-repository.ts';

/** The "Deleted items" of the console: quizzes hidden by "Delete", and bringing one back (audited). */
export function deletedQuizRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, listCall, async () => ({
    status: true,
    message: 'Deleted quizzes',
    data: { items: await listDeletedQuizzes(app.db) },
  }));

  defineConsoleRoute(app, restoreQuiz, async ({ body, staff }) => {
    const name = await saveAndAudit(app.db, staff, async (tx) => {
      const restored = await unhideQuiz(tx, body.id);
      if (!restored)
        throw new ApiError(404, 'id: there is no deleted quiz with this id (it may be restored already).', {
          code: 'not_found',
          field: 'id',
        });
      return {
        answer: restored.name,
        audit: {
          action: 'quiz.restore',
          entity: 'quiz',
          entityId: body.id,
          before: { name: restored.name, hidden: true },
          after: { name: restored.name, hidden: false },
        },
      };
    });
    return { status: true, message: `${name} is back in its chapter.`, data: null };
  });
}
