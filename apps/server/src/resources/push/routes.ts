import type { FastifyInstance } from 'fastify';
import { getPushKey, removePushSubscription, savePushSubscription } from '@portal/contract/push';
import { defineRoute } from '../../http/define-route.ts';
import { removeSubscription, saveSubscription } from '../../push/subscription-repository.ts';

/** A student's device asks for class reminders and news notices, or stops them (docs/decisions/075). */
export async function pushRoutes(app: FastifyInstance) {
  defineRoute(app, getPushKey, async () => ({
    status: true,
    message: 'Push key',
    data: { public_key: await app.push.publicKey() },
  }));

  defineRoute(app, savePushSubscription, async ({ body, studentId, tokenHash }) => {
    const { endpoint, keys, language } = body;
    await saveSubscription(app.db, studentId, tokenHash, { endpoint, ...keys, language });
    return { status: true, message: 'This device will be reminded of your classes.', data: null };
  });

  defineRoute(app, removePushSubscription, async ({ body, studentId }) => {
    await removeSubscription(app.db, studentId, body.endpoint);
    return { status: true, message: 'This device will no longer be reminded.', data: null };
  });
}
