import type { GoLiveItem } from '@portal/contract/console';

export interface GoLiveStep {
  label: string;
  /** Where in the console it is done, when it is done in the console. */
  href?: string;
  /** Otherwise how, in a line (the server's command line or its environment: docs/operations.md, "Going live"). */
  how: string;
}

/** Each item of the go-live checklist, in the order an institute does them. */
export const goLiveSteps: Record<GoLiveItem['key'], GoLiveStep> = {
  own_admin: {
    label: 'Add your first admin',
    href: '/staff',
    how: 'On the Staff page, add yourself (or the principal) as an admin with your own mobile number.',
  },
  sms_gateway: {
    label: 'Set the SMS gateway and get a test SMS',
    how: 'Set SMS_PROVIDER (msg91, twilio or http) and its keys in the server’s .env, restart, and sign in with your own number: the code arriving is the test.',
  },
  chat_and_name: {
    label: 'Set the chat link and the app name',
    how: 'Set CHAT_LINK (your WhatsApp or chat address) and APP_NAME (your institute’s name) in the server’s .env and restart.',
  },
  demo_removed: {
    label: 'Remove the demo data',
    how: 'On the server: npm run portal -- demo remove (a dry run that lists it), then npm run portal -- demo remove --commit.',
  },
  backup: {
    label: 'Take a backup',
    how: 'On the server: npm run portal -- backup /safe/place/portal.tar.gz (and schedule it daily).',
  },
};
