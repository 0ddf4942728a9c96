import * as z from 'zod/mini';
import { envelope } from '../common.ts';
import { adminsOnly, consoleEndpoint } from './common.ts';

export const goLiveItemKeys = ['demo_removed', 'own_admin', 'sms_gateway', 'chat_and_name', 'backup'] as const;

export const goLiveItem = z.object({
  key: z.enum(goLiveItemKeys),
  /** null: the server cannot tell (a backup taken outside `npm run portal -- backup`). */
  done: z.nullable(z.boolean()),
  /** What the server sees, in a line: "SMS_PROVIDER is log: codes are written to a file, not texted". */
  detail: z.string(),
});
export type GoLiveItem = z.infer<typeof goLiveItem>;

export const goLiveState = z.object({ items: z.array(goLiveItem) });
export type GoLiveState = z.infer<typeof goLiveState>;

/** What is left to do to go from the demo to the institute's own portal (docs/operations.md, "Going live"). */
export const getGoLive = consoleEndpoint({
  method: 'POST',
  path: '/GoLive/status',
  roles: adminsOnly,
  body: z.optional(z.strictObject({})),
  response: envelope(goLiveState),
});
