import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { adminsOnly, consoleEndpoint } from './common.ts';

/** A proved registration request waiting for staff (docs/features/registration.md). */
export const registrationRequest = z.object({
  request_id: z.number(),
  name: z.string(),
  guardian: z.string(),
  state: z.string(),
  district: z.string(),
  email: z.string(),
  /** E.164, e.g. "+919988776655". */
  mobile: z.string(),
  academic_level: z.string(),
  /** When the number was proved (ISO 8601). */
  requested_at: z.string(),
});
export type RegistrationRequest = z.infer<typeof registrationRequest>;

export const enrolableSubject = z.object({ subject_id: z.number(), name: z.string() });
export const enrolableBatch = z.object({ batch_id: z.number(), name: z.string(), subject_id: z.number() });

/**
 * Waiting requests, oldest first, how many there are (the console's navigation shows the count), and the
 * subjects and batches an approval may enrol in.
 */
export const listRegistrations = consoleEndpoint({
  method: 'POST',
  path: '/Registrations/list',
  roles: adminsOnly,
  body: z.optional(z.strictObject({})),
  response: envelope(
    z.object({
      requests: z.array(registrationRequest),
      pending: z.number(),
      subjects: z.array(enrolableSubject),
      batches: z.array(enrolableBatch),
    }),
  ),
});

/** Creates the student with the request's canonical number, enrols them (subjects, batches), and tells them by SMS. */
export const approveRegistration = consoleEndpoint({
  method: 'POST',
  path: '/Registrations/approve',
  roles: adminsOnly,
  body: z.strictObject({
    request_id: id,
    subject_ids: z
      .array(id)
      .check(z.minLength(1, 'choose at least one subject'), z.maxLength(100, 'too many subjects')),
    /** Batches to place the student in as well (each brings its subject). */
    batch_ids: z._default(z.array(id).check(z.maxLength(100, 'too many batches')), []),
  }),
  response: envelope(z.object({ student_id: z.number(), sms_sent: z.boolean() })),
});

/** Refuses a request with a reason, which the student gets by SMS. */
export const rejectRegistration = consoleEndpoint({
  method: 'POST',
  path: '/Registrations/reject',
  roles: adminsOnly,
  body: z.strictObject({
    request_id: id,
    reason: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'is required: the student reads it'),
        z.maxLength(300, 'must be at most 300 characters'),
      ),
  }),
  response: envelope(z.object({ sms_sent: z.boolean() })),
});
