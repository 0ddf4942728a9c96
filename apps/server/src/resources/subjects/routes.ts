import type { FastifyInstance } from 'fastify';
import { getChapters, getSubjects } from '@portal/contract';
import { defineRoute } from '../../http/define-route.ts';
import { requireSubject } from './access.ts';
import { listChapters, listSubjects } from './subject-repository.ts';

export async function subjectRoutes(app: FastifyInstance) {
  defineRoute(app, getSubjects, async ({ studentId }) => ({
    status: true,
    message: 'Subjects',
    data: { data: await listSubjects(app.db, studentId) },
  }));

  defineRoute(app, getChapters, async ({ body, studentId }) => {
    const subject = await requireSubject(app.db, studentId, body.sub_id);
    return { status: true, message: 'Chapters', data: await listChapters(app.db, subject) };
  });
}
