import type { FastifyInstance } from 'fastify';
import { type Actor, recordAudit } from '../../audit/record-audit.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { smsFailure } from '../../sms/failure-log.ts';
import { lockNumber } from '../../one-time-codes/challenge-repository.ts';
import { findStudentByPhone } from '../profile/student-repository.ts';
import { addEnrolments, subjectsOfChoice } from '../roster/enrolments.ts';
import { existingSubjects, insertStudentFrom } from './new-student-repository.ts';
import { findRequestForDecision, markDecided, type RequestForDecision } from './registration-repository.ts';

const decidedAlready = (request: RequestForDecision) =>
  new ApiError(
    409,
    `request_id: this request was already ${request.status === 'unverified' ? 'dropped' : request.status}.`,
  );

/** Locks the request's number (as filing a request does) and the request, and checks it still waits. */
async function pendingRequest(tx: Parameters<typeof findRequestForDecision>[0], requestId: number, phone: string) {
  await lockNumber(tx, phone);
  const request = await findRequestForDecision(tx, requestId);
  if (!request) throw notFound('This request');
  if (request.status !== 'pending') throw decidedAlready(request);
  return request;
}

/** The number of a request, read before locking it (the lock is taken by number). */
async function phoneOf(app: FastifyInstance, requestId: number): Promise<string> {
  const [row] = await app.db.query<{ phone: string }>('SELECT phone FROM registration_requests WHERE id = $1', [
    requestId,
  ]);
  if (!row) throw notFound('This request');
  return row.phone;
}

/** Sends a decision's SMS after the change is stored; a failed send is reported, not undone. */
async function tell(app: FastifyInstance, to: string, text: string): Promise<boolean> {
  // MSG91 sends only its registered code template: a free text cannot go that way, so staff are told to call.
  if (app.config.SMS_PROVIDER === 'msg91') return false;
  try {
    await app.sms.send(to, text, '');
    return true;
  } catch (error) {
    app.log.error(smsFailure(error, to), 'decision SMS not sent');
    return false;
  }
}

/**
 * Approves a waiting request: creates the student with the request's canonical number, enrols them in the
 * chosen subjects and batches (each batch bringing its subject) and records it, in one transaction; then texts them
 * that they can sign in.
 */
export async function approveRequest(
  app: FastifyInstance,
  actor: Actor,
  requestId: number,
  subjectIds: number[],
  batchIds: number[] = [],
) {
  const phone = await phoneOf(app, requestId);
  const wanted = [...new Set(subjectIds)];
  const { studentId, name } = await app.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, requestId, phone);
    const owner = await findStudentByPhone(tx, request);
    if (owner) {
      throw new ApiError(
        409,
        `request_id: ${request.mobile} already belongs to the student ${owner.name}; reject this request instead.`,
      );
    }
    const subjects = await existingSubjects(tx, wanted);
    const missing = wanted.filter((id) => !subjects.some((s) => s.id === id));
    if (missing.length > 0) throw new ApiError(400, `subject_ids: no subject ${missing.join(', ')}`);
    const batches = [...new Set(batchIds)];
    const enrolled = await existingSubjects(tx, await subjectsOfChoice(tx, wanted, batches));
    const studentId = await insertStudentFrom(tx, request);
    await addEnrolments(
      tx,
      studentId,
      enrolled.map((s) => s.id),
      batches,
    );
    const batchNames = await tx.query<{ name: string }>(
      'SELECT name FROM batches WHERE id = ANY($1::int[]) ORDER BY id',
      [batches],
    );
    await markDecided(tx, requestId, { status: 'approved', studentId });
    const { status: _status, callingCode: _code, national: _national, ...details } = request;
    await recordAudit(tx, actor, {
      action: 'registration.approve',
      entity: 'registration',
      entityId: requestId,
      before: { status: 'pending', ...details },
      after: {
        status: 'approved',
        student_id: studentId,
        subjects: enrolled.map((s) => s.name),
        batches: batchNames.map((b) => b.name),
      },
    });
    return { studentId, name: request.name };
  });
  const smsSent = await tell(
    app,
    phone,
    `Welcome, ${name}: the institute accepted your registration. Sign in to the portal with this number.`,
  );
  return { studentId, name, smsSent };
}

/** Rejects a waiting request with a reason, records it, and texts the reason to the student. */
export async function rejectRequest(app: FastifyInstance, actor: Actor, requestId: number, reason: string) {
  const phone = await phoneOf(app, requestId);
  const name = await app.db.transaction(async (tx) => {
    const request = await pendingRequest(tx, requestId, phone);
    await markDecided(tx, requestId, { status: 'rejected', reason });
    await recordAudit(tx, actor, {
      action: 'registration.reject',
      entity: 'registration',
      entityId: requestId,
      before: { status: 'pending', name: request.name, mobile: request.mobile },
      after: { status: 'rejected', reason },
    });
    return request.name;
  });
  const smsSent = await tell(app, phone, `The institute could not accept your registration: ${reason}`);
  return { name, smsSent };
}
