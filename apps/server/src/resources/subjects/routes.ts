import type { FastifyInstance } from 'fastify';
import { getChapters, getSubjects } from '@portal/contract';
import { defineRoute } from '../../http/define-route.ts';
import { notFound } from '../../http/api-error.ts';
import { listReachableChapters, listSubjects } from './subject-repository.ts';

export async function subjectRoutes(app: FastifyInstance) {
  defineRoute(app, getSubjects, async ({ studentId }) => ({
    status: true,
    message: 'Subjects',
    data: { data: await listSubjects(app.db, studentId) },
  }));

  defineRoute(app, getChapters, async ({ body, studentId }) => {
    const chapters = await listReachableChapters(app.db, studentId, body.sub_id);
    if (!chapters) throw notFound('That subject');
    return { status: true, message: 'Chapters', data: chapters };
  });
}
