import { staffRole } from '@portal/contract/console';
import { addStaffMember } from '../../resources/staff/add-staff.ts';
import { CommandError, defineCommand } from '../command.ts';

export default defineCommand({
  name: 'staff add',
  summary: 'Add a staff member who can sign in to the console (the first admin, for one)',
  usage: 'staff add --name "Asha Rao" --mobile "+91 98765 43210" --role admin|teacher',
  options: { name: { type: 'string' }, mobile: { type: 'string' }, role: { type: 'string' } },
  async run({ options, db, config, print }) {
    const { name, mobile, role } = options;
    if (typeof name !== 'string' || !name.trim()) throw new CommandError('--name is required');
    if (typeof mobile !== 'string' || !mobile.trim()) throw new CommandError('--mobile is required');
    const parsedRole = staffRole.safeParse(role);
    if (!parsedRole.success) throw new CommandError('--role must be admin or teacher');
    const member = await addStaffMember(
      db,
      'command line',
      { name, mobile, role: parsedRole.data },
      config.DEFAULT_COUNTRY,
    );
    print(`Added ${member.name} (${member.role}), ${member.mobile}: they can sign in at /console.`);
    return 0;
  },
});
