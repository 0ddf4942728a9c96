import type { FastifyInstance } from 'fastify';
import { approveRegistration, listRegistrations, rejectRegistration } from '@portal/contract/console';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { approveRequest, rejectRequest } from './decide-request.ts';
import { listBatches, listSubjects } from './new-student-repository.ts';
import { listPendingRequests } from './registration-repository.ts';

/** How many waiting requests one page shows; the count covers them all. */
const PENDING_PAGE = 200;

/** Registration requests in the console: admins see the waiting ones and approve or reject each. */
export async function registrationConsoleRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, listRegistrations, async () => ({
    status: true,
    message: 'Registration requests',
    data: {
      ...(await listPendingRequests(app.db, PENDING_PAGE)),
      subjects: await listSubjects(app.db),
      batches: await listBatches(app.db),
    },
  }));

  defineConsoleRoute(app, approveRegistration, async ({ body, staff }) => {
    const done = await approveRequest(app, staff, body.request_id, body.subject_ids, body.batch_ids);
    const told = done.smsSent
      ? 'They got an SMS: they can sign in now.'
      : 'The SMS could not be sent: please tell them they can sign in.';
    return {
      status: true,
      message: `${done.name} is now a student. ${told}`,
      data: { student_id: done.studentId, sms_sent: done.smsSent },
    };
  });

  defineConsoleRoute(app, rejectRegistration, async ({ body, staff }) => {
    const done = await rejectRequest(app, staff, body.request_id, body.reason);
    const told = done.smsSent ? 'They got the reason by SMS.' : 'The SMS could not be sent.';
    return { status: true, message: `${done.name}'s request was rejected. ${told}`, data: { sms_sent: done.smsSent } };
  });
}
