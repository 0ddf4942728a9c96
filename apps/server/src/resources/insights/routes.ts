import type { FastifyInstance } from 'fastify';
import {
  chapterStudents,
  insightsCatalogue,
  quizInsights,
  quizStudents,
  studentInsights,
  subjectInsights,
  subjectStudents,
  topicStudents,
} from '@portal/contract/console';
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
import {
  batchInSubject,
  quizStudentList,
  scopeStudentList,
  subjectOfChapter,
  subjectOfQuiz,
  subjectOfTopic,
  topicStudentList,
} from './student-lists.ts';

const noSuchBatch = () => new ApiError(404, 'batch_id: there is no such batch in this subject.', { field: 'batch_id' });

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

  defineConsoleRoute(app, topicStudents, async ({ body }) => {
    const topic = await subjectOfTopic(app.db, body.topic_id);
    if (!topic) throw new ApiError(404, 'topic_id: there is no such topic.', { field: 'topic_id' });
    if (body.batch_id !== undefined && !(await batchInSubject(app.db, body.batch_id, topic.subject_id)))
      throw noSuchBatch();
    const found = { id: body.topic_id, subjectId: topic.subject_id, durationSeconds: topic.duration_seconds };
    return {
      status: true,
      message: 'Students of a topic',
      data: await topicStudentList(app.db, found, body.batch_id, body.list),
    };
  });

  defineConsoleRoute(app, quizStudents, async ({ body }) => {
    const subjectId = await subjectOfQuiz(app.db, body.quiz_id);
    if (subjectId === undefined) throw new ApiError(404, 'quiz_id: there is no such quiz.', { field: 'quiz_id' });
    if (body.batch_id !== undefined && !(await batchInSubject(app.db, body.batch_id, subjectId))) throw noSuchBatch();
    return {
      status: true,
      message: 'Students of a quiz',
      data: await quizStudentList(app.db, { id: body.quiz_id, subjectId }, body.batch_id, body.list),
    };
  });

  defineConsoleRoute(app, chapterStudents, async ({ body }) => {
    const subjectId = await subjectOfChapter(app.db, body.chapter_id);
    if (subjectId === undefined)
      throw new ApiError(404, 'chapter_id: there is no such chapter.', { field: 'chapter_id' });
    if (body.batch_id !== undefined && !(await batchInSubject(app.db, body.batch_id, subjectId))) throw noSuchBatch();
    return {
      status: true,
      message: 'Students of a chapter',
      data: await scopeStudentList(app.db, { subjectId, chapterId: body.chapter_id }, body.batch_id, body.list),
    };
  });

  defineConsoleRoute(app, subjectStudents, async ({ body }) => {
    if (!(await subjectExists(app.db, body.subject_id)))
      throw new ApiError(404, 'subject_id: there is no such subject.', { field: 'subject_id' });
    if (body.batch_id !== undefined && !(await batchInSubject(app.db, body.batch_id, body.subject_id)))
      throw noSuchBatch();
    return {
      status: true,
      message: 'Students of a subject',
      data: await scopeStudentList(app.db, { subjectId: body.subject_id }, body.batch_id, body.list),
    };
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
