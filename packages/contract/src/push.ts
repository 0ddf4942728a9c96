import * as z from 'zod/mini';
import { endpoint, envelope, studentBody } from './common.ts';

/** The server's VAPID public key (base64url), which the app subscribes the device with. */
export const getPushKey = endpoint({
  method: 'POST',
  path: '/Student/push_key',
  auth: true,
  body: studentBody({}),
  response: envelope(z.object({ public_key: z.string() })),
});

const base64url = (name: string, min: number, max: number) =>
  z
    .string()
    .check(
      z.regex(/^[\w-]+={0,2}$/, `${name} must be base64url`),
      z.minLength(min, `${name} is too short`),
      z.maxLength(max, `${name} is too long`),
    );

// Push services are reached over https only (RFC 8030); the address is the browser's, not the student's to choose,
// so anything else is refused rather than called.
const pushEndpoint = z
  .string()
  .check(
    z.maxLength(2000, 'endpoint must be at most 2000 characters'),
    z.regex(/^https:\/\/[^\s/?#]+\/\S*$/, 'endpoint must be an https:// address'),
  );

/**
 * Saves this device's push subscription (PushSubscription.toJSON()'s endpoint and keys) for the signed-in student and
 * their session: Logout removes it. `language`: the notices' language.
 */
export const savePushSubscription = endpoint({
  method: 'POST',
  path: '/Student/push_subscribe',
  auth: true,
  body: studentBody({
    endpoint: pushEndpoint,
    keys: z.strictObject({ p256dh: base64url('keys.p256dh', 80, 100), auth: base64url('keys.auth', 16, 32) }),
    language: z._default(z.enum(['en', 'hi']), 'en'),
  }),
  response: envelope(z.null()),
});

/** Removes this device's subscription (the student turned reminders off); only the student's own. */
export const removePushSubscription = endpoint({
  method: 'POST',
  path: '/Student/push_unsubscribe',
  auth: true,
  body: studentBody({ endpoint: pushEndpoint }),
  response: envelope(z.null()),
});

/** What a notification carries to the service worker, which shows it and opens `url` when it is tapped. */
export const pushNotice = z.object({
  title: z.string(),
  body: z.string(),
  /** A path of the student app: the class's batch, or the news item. */
  url: z.string(),
  /** One notice per tag on the device: a second reminder of the same class replaces the first. */
  tag: z.string(),
});
export type PushNotice = z.infer<typeof pushNotice>;
