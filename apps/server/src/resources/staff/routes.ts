import type { FastifyInstance } from 'fastify';
import { addStaff, listStaff, updateStaff } from '@portal/contract/console';
import { defineConsoleRoute } from '../../http/define-console-route.ts';
import { addStaffMember } from './add-staff.ts';
import { listStaffMembers } from './staff-repository.ts';
import { changeStaffMember } from './update-staff.ts';

/** Staff management: admins only (the contract says so; the route helper enforces it). */
export async function staffRoutes(app: FastifyInstance) {
  defineConsoleRoute(app, listStaff, async () => ({
    status: true,
    message: 'Staff',
    data: { staff: await listStaffMembers(app.db) },
  }));

  defineConsoleRoute(app, addStaff, async ({ body, staff }) => {
    const member = await addStaffMember(app.db, staff, body, app.config.DEFAULT_COUNTRY);
    return { status: true, message: `${member.name} can now sign in to the console.`, data: member };
  });

  defineConsoleRoute(app, updateStaff, async ({ body, staff }) => {
    const { staff_id: staffId, ...change } = body;
    const member = await changeStaffMember(app.db, staff, staffId, change);
    return { status: true, message: `${member.name} was updated.`, data: member };
  });
}
