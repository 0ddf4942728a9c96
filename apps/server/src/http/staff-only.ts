import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import type { SessionStaff } from '../sessions/session-repository.ts';
import { ApiError } from './api-error.ts';
import { authenticateStaff } from './authenticate.ts';

export const roleRefused = () => new ApiError(403, 'Your role does not allow this.');

/** The staff member each console request was let in as (staffOnly). */
const admitted = new WeakMap<FastifyRequest, SessionStaff>();

/**
 * An `onRequest` hook: the request carries the token of an active staff member whose role is in `roles`, or it is
 * refused before a byte of its body is read, and its connection closed rather than left to send the rest (after a
 * few seconds of throwing it away, so the client reads the refusal: lingering-close.ts). A stranger's body, however
 * large it says it is, costs nothing (issue 32: twenty 60 MB bodies without a token held
 * 750 MB while the server read them to check the token after).
 */
export function staffOnly(app: FastifyInstance, roles: readonly SessionStaff['role'][]): onRequestAsyncHookHandler {
  return async (request, reply) => {
    try {
      admitted.set(request, await staffWithRole(app, request, roles));
    } catch (error) {
      void reply.header('Connection', 'close');
      throw error;
    }
  };
}

/** The staff member staffOnly let this request in as. */
export function staffOf(request: FastifyRequest): SessionStaff {
  const staff = admitted.get(request);
  if (!staff) throw new Error(`${request.url} has no staffOnly hook`);
  return staff;
}

/**
 * The active staff member of the request's token, of one of `roles`: 401 or 403 otherwise. Asked again once a long
 * body has arrived, so a member deactivated (or signed out) while their upload was on its way has nothing stored
 * under their name.
 */
export async function staffWithRole(
  app: FastifyInstance,
  request: FastifyRequest,
  roles: readonly SessionStaff['role'][],
) {
  const staff = await authenticateStaff(app.db, request, app.config.STAFF_IDLE_HOURS);
  if (!roles.includes(staff.role)) throw roleRefused();
  return staff;
}
