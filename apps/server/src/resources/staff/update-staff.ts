import type { StaffMember, StaffRole } from '@portal/contract/console';
import type { Actor } from '../../audit/record-audit.ts';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Database } from '../../db/database.ts';
import { ApiError, notFound } from '../../http/api-error.ts';
import { revokeStaffSessions } from '../../sessions/session-repository.ts';
import { countActiveAdmins, findStaffMemberForUpdate, updateStaffMember } from './staff-repository.ts';

export interface StaffChange {
  name?: string | undefined;
  role?: StaffRole | undefined;
  active?: boolean | undefined;
}

/**
 * Renames, changes the role of, deactivates or reactivates a staff member, and records it. Deactivating ends
 * their sessions in the same transaction. The institute always keeps one active admin.
 */
export async function changeStaffMember(
  db: Database,
  actor: Actor,
  staffId: number,
  change: StaffChange,
): Promise<StaffMember> {
  return saveAndAudit(db, actor, async (tx) => {
    const admins = await countActiveAdmins(tx);
    const before = await findStaffMemberForUpdate(tx, staffId);
    if (!before) throw notFound('This staff member');
    const after = {
      name: change.name ?? before.name,
      role: change.role ?? before.role,
      active: change.active ?? before.active,
    };
    const losesAdmin = before.role === 'admin' && before.active && (after.role !== 'admin' || !after.active);
    if (losesAdmin && admins <= 1) {
      throw new ApiError(409, 'The institute needs at least one active admin: add or promote another admin first.');
    }
    if (typeof actor !== 'string' && actor.id === staffId && !after.active) {
      throw new ApiError(409, 'active: you cannot deactivate yourself; ask another admin.');
    }
    const updated = await updateStaffMember(tx, staffId, after);
    if (!updated.active) await revokeStaffSessions(tx, staffId);
    const action =
      before.active !== updated.active ? (updated.active ? 'staff.reactivate' : 'staff.deactivate') : 'staff.update';
    return { answer: updated, audit: { action, entity: 'staff', entityId: staffId, before, after: updated } };
  });
}
