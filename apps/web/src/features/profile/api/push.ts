import { getPushKey, removePushSubscription, savePushSubscription } from '@portal/contract/push';
import { currentLanguage, msg } from '../../../i18n/language.ts';
import { callApi } from '../../../lib/api-client.ts';

/** Why this device cannot be reminded, or null when it can ask. */
export function pushUnsupported(): string | null {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return msg(
      'This browser cannot show reminders. On a phone, open the portal in Chrome and add it to the home screen (on an iPhone, Share › Add to Home Screen), then turn them on from the app.',
    );
  return null;
}

/** The service worker that shows notices (dist/sw.js), if it runs for this page. */
const worker = () => navigator.serviceWorker.getRegistration();

/** The push subscription this device holds for the portal, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await (await worker())?.pushManager.getSubscription()) ?? null;
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

/** Tells the server about the subscription, for this student and session, in the app's language. */
export async function saveSubscription(studentId: number, subscription: PushSubscription) {
  const { endpoint, keys } = subscription.toJSON();
  await callApi(savePushSubscription, {
    stud_id: studentId,
    endpoint: endpoint ?? '',
    keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' },
    language: currentLanguage(),
  });
}

/**
 * Subscribes this device with the server's key and saves it. Answers 'no-worker' when the page has no service worker
 * (it starts after the first load; a reload brings it).
 */
export async function subscribe(studentId: number): Promise<'ok' | 'no-worker'> {
  const registration = await worker();
  if (!registration) return 'no-worker';
  const key = (await callApi(getPushKey, { stud_id: studentId })).data.public_key;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(key),
  });
  await saveSubscription(studentId, subscription);
  return 'ok';
}

/** Removes the subscription on the server, then on the device. */
export async function unsubscribe(studentId: number) {
  const subscription = await currentSubscription();
  if (!subscription) return;
  await callApi(removePushSubscription, { stud_id: studentId, endpoint: subscription.endpoint });
  await subscription.unsubscribe();
}
