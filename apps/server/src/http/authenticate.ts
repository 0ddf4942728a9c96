import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/database.ts';
import {
  findSessionStaff,
  findSessionStudentByHash,
  hashToken,
  isDeactivatedStudentSession,
  type SessionStaff,
} from '../sessions/session-repository.ts';
import { ApiError, unauthorized } from './api-error.ts';

/** Shown on /login to a student whose session ended because staff deactivated them. */
export const deactivatedMessage =
  'Your account has been deactivated by the institute. Please contact the institute to use the portal again.';

/** The session token travels in the `Token` header (header names are case-insensitive). */
export const readToken = (request: FastifyRequest): string | undefined => {
  const token = request.headers.token;
  return typeof token === 'string' && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : undefined;
};

/** The id of the student whose live session the request carries; 401 otherwise. */
export const authenticate = async (db: Queryable, request: FastifyRequest): Promise<number> =>
  (await authenticateSession(db, request)).studentId;

/** The student of the request's live session and the session's token hash (what answers bound to it are keyed by). */
export async function authenticateSession(
  db: Queryable,
  request: FastifyRequest,
): Promise<{ studentId: number; tokenHash: string }> {
  const token = readToken(request);
  const tokenHash = token ? hashToken(token) : '';
  const studentId = token ? await findSessionStudentByHash(db, tokenHash) : undefined;
  if (studentId) return { studentId, tokenHash };
  // Only on the refusal path, so a live session costs nothing more: say why when staff ended it.
  if (token && (await isDeactivatedStudentSession(db, token)))
    throw new ApiError(401, deactivatedMessage, { code: 'account_deactivated' });
  throw unauthorized();
}

/**
 * The active staff member whose live session the request carries, used within the last `idleHours`
 * (STAFF_IDLE_HOURS); 401 otherwise (a student's token included).
 */
export async function authenticateStaff(
  db: Queryable,
  request: FastifyRequest,
  idleHours: number,
): Promise<SessionStaff> {
  const token = readToken(request);
  const staff = token ? await findSessionStaff(db, token, idleHours) : undefined;
  if (!staff) throw unauthorized();
  return staff;
}
