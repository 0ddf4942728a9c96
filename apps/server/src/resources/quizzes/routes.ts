import type { FastifyInstance } from 'fastify';
import { getQuiz, getQuizHistory, getQuizReport, getQuizzesByChapter, submitQuiz } from '@portal/contract';
import { notFound } from '../../http/api-error.ts';
import { defineRoute } from '../../http/define-route.ts';
import { requireQuiz } from './access.ts';
import { findOwnReport, hasAttempted, listReachableAttempts } from './attempt-repository.ts';
import { listQuizQuestions, listReachableQuizzes } from './quiz-repository.ts';
import { submitAttempt } from './submit-quiz.ts';

export async function quizRoutes(app: FastifyInstance) {
  defineRoute(app, getQuizzesByChapter, async ({ body, studentId }) => {
    const quizzes = await listReachableQuizzes(app.db, studentId, body.chapter_id);
    if (!quizzes) throw notFound('That chapter');
    return { status: true, message: 'Quizzes', data: quizzes };
  });

  defineRoute(app, getQuiz, async ({ body, studentId }) => {
    const quiz = await requireQuiz(app.db, studentId, body.quiz_id);
    const [questions, attempted] = await Promise.all([
      listQuizQuestions(app.db, quiz.id),
      hasAttempted(app.db, studentId, quiz.id),
    ]);
    const maxMarks = questions.reduce((sum, question) => sum + question.marks, 0);
    return {
      status: true,
      message: 'Quiz',
      data: {
        quiz: {
          id: quiz.id,
          name: quiz.name,
          chapter_id: quiz.chapter_id,
          max_marks: maxMarks,
          pass_marks: quiz.pass_marks,
          allow_retake: quiz.allow_retake,
          attempted,
        },
        questions,
      },
    };
  });

  defineRoute(app, submitQuiz, async ({ body, studentId }) => {
    const quiz = await requireQuiz(app.db, studentId, body.quiz_id);
    const submission = await submitAttempt(app.db, studentId, quiz, body.submit_data, body.submission_id);
    return submission.ok
      ? { status: true as const, message: submission.result.message, data: submission.result }
      : { status: false as const, message: submission.message, code: submission.code, data: null };
  });

  defineRoute(app, getQuizHistory, async ({ body, studentId }) => {
    const attempts = await listReachableAttempts(app.db, studentId, body.chapter_id);
    if (!attempts) throw notFound('That chapter');
    return { status: true, message: 'Quiz history', data: attempts };
  });

  defineRoute(app, getQuizReport, async ({ body, studentId }) => {
    const found = await findOwnReport(app.db, studentId, body.id);
    if (!found) throw notFound('That report');
    const { quiz_name, attend_on, marks, max_marks, result, report } = found;
    return {
      status: true,
      message: 'Quiz report',
      data: {
        quiz_name,
        attend_on,
        analytics: { total_marks_gained: marks, max_marks, result },
        report,
      },
    };
  });
}
