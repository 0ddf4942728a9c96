import type { FastifyInstance } from 'fastify';
import { getBatches, getLiveClasses } from '@portal/contract';
import { defineRoute } from '../../http/define-route.ts';
import { requireSubject } from '../subjects/access.ts';
import { listStudentBatches, listStudentLiveClasses } from './live-class-repository.ts';

export async function liveClassRoutes(app: FastifyInstance) {
  defineRoute(app, getBatches, async ({ body, studentId }) => {
    const subject = await requireSubject(app.db, studentId, body.sub_id);
    return { status: true, message: 'Batches', data: await listStudentBatches(app.db, studentId, subject.id) };
  });

  defineRoute(app, getLiveClasses, async ({ body, studentId }) => {
    return {
      status: true,
      message: 'Live classes',
      data: await listStudentLiveClasses(app.db, studentId, body.sub_id, body.batch_id),
    };
  });
}
