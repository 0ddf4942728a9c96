import type { FastifyInstance } from 'fastify';
import { insightsCatalogue, quizInsights, studentInsights, subjectInsights } from '@portal/contract/console';
import { ApiError } from '../../http/api-error.ts';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import {
  catalogue,
  quizExists,
  quizResults,
  studentName,
  studentProgress,
  subjectExists,
  topicReach,
} from './insights-repository.ts';

/** How students are doing: per subject, per quiz and per student (read-only, for every staff role). */
export async function insightsRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, insightsCatalogue, async () => ({
    status: true,
    message: 'Insights',
    data: { subjects: await catalogue(app.db) },
  }));

  defineConsoleRoute(app, subjectInsights, async ({ body }) => {
    if (!(await subjectExists(app.db, body.subject_id)))
      throw new ApiError(404, 'subject_id: there is no such subject.');
    return { status: true, message: 'Subject insights', data: await topicReach(app.db, body.subject_id) };
  });

  defineConsoleRoute(app, quizInsights, async ({ body }) => {
    if (!(await quizExists(app.db, body.quiz_id))) throw new ApiError(404, 'quiz_id: there is no such quiz.');
    return { status: true, message: 'Quiz insights', data: await quizResults(app.db, body.quiz_id) };
  });

  defineConsoleRoute(app, studentInsights, async ({ body }) => {
    const name = await studentName(app.db, body.stud_id);
    if (name === undefined) throw new ApiError(404, 'stud_id: there is no such student.');
    return {
      status: true,
      message: 'Student insights',
      data: { name, ...(await studentProgress(app.db, body.stud_id)) },
    };
  });
}
