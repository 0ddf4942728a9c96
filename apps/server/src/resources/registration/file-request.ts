import type { ResponseOf, verifyOtp } from '@portal/contract';
import type { Database } from '../../db/database.ts';
import { lockNumber } from '../../one-time-codes/challenge-repository.ts';
import { findStudentByPhone } from '../profile/student-repository.ts';
import { deleteRequest, findRequestPhone, markProved } from './registration-repository.ts';

export const requestFiledMessage = 'Your request went to the institute. You will get an SMS when you can sign in.';
export const alreadyStudentMessage = 'This number already has an account. Please sign in with it.';
const requestEndedMessage = 'This request has ended. Please fill in the form again.';

/**
 * After the code proved a registration's number: the request waits for staff, unless the number
 * meanwhile belongs to a student, who is told to sign in. Said only now, to the number's owner, so the
 * register form cannot be used to learn which numbers are students.
 */
export async function fileProvedRequest(db: Database, requestId: number): Promise<ResponseOf<typeof verifyOtp>> {
  const request = await findRequestPhone(db, requestId);
  if (!request) return { status: false, message: requestEndedMessage, code: 'request_ended' };
  return db.transaction(async (tx) => {
    // The same lock as approvals take: a request cannot be filed while its number becomes a student.
    await lockNumber(tx, request.e164);
    if (await findStudentByPhone(tx, request)) {
      await deleteRequest(tx, requestId);
      return { status: false, message: alreadyStudentMessage, code: 'already_student', sign_in: true };
    }
    if (!(await markProved(tx, requestId, request.e164))) {
      return { status: false, message: requestEndedMessage, code: 'request_ended' };
    }
    return { status: true, message: requestFiledMessage, data: { request_id: requestId } };
  });
}
