import * as z from 'zod/mini';
import { endpoint, envelope, studentBody } from './common.ts';

export const student = z.object({
  stud_id: z.number(),
  name: z.string(),
  guardian: z.string(),
  state: z.string(),
  district: z.string(),
  email: z.string(),
  mobile: z.string(),
  phone_code: z.string(),
  academic_level: z.string(),
  profile: z.object({ name: z.string() }),
});
export type Student = z.infer<typeof student>;

export const getProfile = endpoint({
  method: 'POST',
  path: '/Student/get_profile',
  auth: true,
  body: studentBody({}),
  response: envelope(student),
});
