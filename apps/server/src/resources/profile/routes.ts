import type { FastifyInstance } from 'fastify';
import { getProfile } from '@portal/contract';
import { defineRoute } from '../../http/define-route.ts';
import { notFound } from '../../http/api-error.ts';
import { findStudent } from './student-repository.ts';

export async function profileRoutes(app: FastifyInstance) {
  defineRoute(app, getProfile, async ({ studentId }) => {
    const student = await findStudent(app.db, studentId);
    if (!student) throw notFound('Your profile');
    return { status: true, message: 'Profile', data: student };
  });
}
