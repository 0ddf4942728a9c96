import type { GoLiveItem } from '@portal/contract/console';
import type { Config } from '../../config.ts';
import type { Queryable } from '../../db/database.ts';

/** The placeholders loadConfig gives CHAT_LINK and APP_NAME when they are not set. */
const PLACEHOLDER_CHAT_LINK = 'https://wa.me/919000000000';
const PLACEHOLDER_APP_NAME = 'portal';

type Settings = Pick<Config, 'SMS_PROVIDER' | 'CHAT_LINK' | 'APP_NAME'>;

/** Each step from the demo to the institute's own portal, as the server can see it. */
export async function goLiveItems(db: Queryable, config: Settings): Promise<GoLiveItem[]> {
  const [row] = await db.query<{ demo_rows: number; own_admins: number; last_backup: Date | null }>(
    `SELECT (SELECT count(*)::int FROM demo_rows) AS demo_rows,
            (SELECT count(*)::int FROM staff WHERE role = 'admin' AND active
               AND id NOT IN (SELECT row_id FROM demo_rows WHERE kind = 'staff')) AS own_admins,
            (SELECT max(at) FROM audit_log WHERE action = 'backup.write') AS last_backup`,
  );
  const { demo_rows: demoRows = 0, own_admins: ownAdmins = 0, last_backup: lastBackup = null } = row ?? {};
  const gateway = config.SMS_PROVIDER !== 'log';
  const chatSet = config.CHAT_LINK !== PLACEHOLDER_CHAT_LINK;
  const nameSet = config.APP_NAME !== PLACEHOLDER_APP_NAME;
  const placeholders = [!nameSet && 'APP_NAME', !chatSet && 'CHAT_LINK'].filter((name) => name !== false);
  return [
    {
      key: 'demo_removed',
      done: demoRows === 0,
      detail:
        demoRows === 0 ? 'No demo data is left.' : `${demoRows} demo rows (staff, students, subjects, news) remain.`,
    },
    {
      key: 'own_admin',
      done: ownAdmins > 0,
      detail:
        ownAdmins > 0 ? `${ownAdmins} admin${ownAdmins === 1 ? '' : 's'} of your own.` : 'No admin of your own yet.',
    },
    {
      key: 'sms_gateway',
      done: gateway,
      detail: gateway
        ? `SMS_PROVIDER is ${config.SMS_PROVIDER}: sign in with your own number to see a code arrive.`
        : 'SMS_PROVIDER is log: codes are written to a file, not texted.',
    },
    {
      key: 'chat_and_name',
      done: placeholders.length === 0,
      detail: placeholders.length
        ? `${placeholders.join(' and ')} ${placeholders.length === 1 ? 'is' : 'are'} still the placeholder.`
        : `APP_NAME is ${config.APP_NAME}; CHAT_LINK is ${config.CHAT_LINK}.`,
    },
    {
      key: 'backup',
      done: lastBackup ? true : null,
      detail: lastBackup
        ? `Last backup written ${new Date(lastBackup).toISOString()}.`
        : 'No backup by the portal’s backup command is recorded (one taken another way is not seen here).',
    },
  ];
}
