import type { StaffMember, StaffRole } from '@portal/contract/console';
import { canonicalMobile, type CountryCode } from '@portal/contract/phone';
import type { Actor } from '../../audit/record-audit.ts';
import { saveAndAudit } from '../../audit/save-and-audit.ts';
import type { Database } from '../../db/database.ts';
import { ApiError } from '../../http/api-error.ts';
import { insertStaffMember } from './staff-repository.ts';

/** Adds a staff member and records it, in one transaction; the console and the command line both use this. */
export async function addStaffMember(
  db: Database,
  actor: Actor,
  input: { name: string; mobile: string; role: StaffRole },
  defaultCountry: CountryCode,
): Promise<StaffMember> {
  // Stored in E.164, the form sign-in looks numbers up and counts limits by.
  const mobile = canonicalMobile(input.mobile, { defaultCountry });
  if (!mobile.ok) throw new ApiError(400, `mobile: ${mobile.message}`);
  return saveAndAudit(db, actor, async (tx) => {
    const member = await insertStaffMember(tx, { name: input.name.trim(), mobile: mobile.e164, role: input.role });
    if (!member) throw new ApiError(409, `mobile: ${mobile.e164} already belongs to a staff member`);
    return {
      answer: member,
      audit: { action: 'staff.add', entity: 'staff', entityId: member.staff_id, before: null, after: member },
    };
  });
}
