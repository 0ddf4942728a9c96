import * as z from 'zod/mini';
import { envelope, id } from '../common.ts';
import { adminsOnly, consoleEndpoint, personName, staffRole, typedMobile } from './common.ts';

export const staffMember = z.object({
  staff_id: z.number(),
  name: z.string(),
  /** E.164, e.g. "+919876543210". */
  mobile: z.string(),
  role: staffRole,
  active: z.boolean(),
  created_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const listStaff = consoleEndpoint({
  method: 'POST',
  path: '/Members/list',
  roles: adminsOnly,
  body: z.optional(z.strictObject({})),
  response: envelope(z.object({ staff: z.array(staffMember) })),
});

export const addStaff = consoleEndpoint({
  method: 'POST',
  path: '/Members/add',
  roles: adminsOnly,
  body: z.strictObject({ name: personName, mobile: typedMobile, role: staffRole }),
  response: envelope(staffMember),
});

/** Changes a staff member's name, role or whether they may sign in; deactivating ends their sessions at once. */
export const updateStaff = consoleEndpoint({
  method: 'POST',
  path: '/Members/update',
  roles: adminsOnly,
  body: z.strictObject({
    staff_id: id,
    name: z.optional(personName),
    role: z.optional(staffRole),
    active: z.optional(z.boolean()),
  }),
  response: envelope(staffMember),
});
