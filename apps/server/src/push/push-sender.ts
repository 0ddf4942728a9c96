import type { Agent } from 'node:https';
import type { FastifyBaseLogger } from 'fastify';
import webpush, { WebPushError } from 'web-push';
import type { PushNotice } from '@portal/contract/push';
import type { Queryable } from '../db/database.ts';
import { forgetSubscription, type PushSubscriptionRow } from './subscription-repository.ts';
import { loadVapidKeys, type VapidKeys } from './vapid-keys.ts';

/** Devices a push service is handed to at once; the rest wait their turn. */
const CONCURRENCY = 8;
const TIMEOUT_MS = 10_000;

export interface PushResult {
  /** Devices whose push service took the notice. */
  pushed: number;
  /** Devices it refused (an address gone, which is then forgotten) or that failed. */
  failed: number;
}

export interface PushSender {
  /** The VAPID public key the app subscribes with (made and stored on first need). */
  publicKey(): Promise<string>;
  /**
   * Encrypts each device's notice with its keys and hands it to its push service. `ttlSeconds`: how long the push
   * service keeps it for a device that is off (a reminder means nothing once the class has begun).
   */
  send(
    deliveries: readonly { subscription: PushSubscriptionRow; notice: PushNotice }[],
    options: { ttlSeconds: number; urgency: 'normal' | 'high' },
  ): Promise<PushResult>;
}

/**
 * Web Push with the `web-push` package (RFC 8030, 8291, 8292). `agent`: the HTTPS agent its requests go through
 * (tests trust their stand-in push service's certificate with it).
 */
export function createPushSender(db: Queryable, contact: string, log: FastifyBaseLogger, agent?: Agent): PushSender {
  let keys: Promise<VapidKeys> | undefined;
  const vapid = () => {
    keys ??= loadVapidKeys(db).catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  };

  const deliver = async (
    { subscription, notice }: { subscription: PushSubscriptionRow; notice: PushNotice },
    options: { ttlSeconds: number; urgency: 'normal' | 'high' },
    { publicKey, privateKey }: VapidKeys,
  ): Promise<boolean> => {
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(notice),
        {
          vapidDetails: { subject: contact, publicKey, privateKey },
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          contentEncoding: 'aes128gcm',
          timeout: TIMEOUT_MS,
          ...(agent ? { agent } : {}),
        },
      );
      return true;
    } catch (error) {
      const status = error instanceof WebPushError ? error.statusCode : undefined;
      // 404 and 410: the browser dropped the subscription (the student blocked notifications, cleared the app).
      if (status === 404 || status === 410) await forgetSubscription(db, subscription.endpoint);
      else log.warn({ err: error, status, host: hostOf(subscription.endpoint) }, 'push notice not delivered');
      return false;
    }
  };

  return {
    publicKey: async () => (await vapid()).publicKey,
    async send(deliveries, options) {
      if (deliveries.length === 0) return { pushed: 0, failed: 0 };
      const pair = await vapid();
      let next = 0;
      let pushed = 0;
      const worker = async () => {
        while (next < deliveries.length) {
          const delivery = deliveries[next++]!;
          if (await deliver(delivery, options, pair)) pushed++;
        }
      };
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, deliveries.length) }, worker));
      return { pushed, failed: deliveries.length - pushed };
    },
  };
}

const hostOf = (endpoint: string) => {
  try {
    return new URL(endpoint).host;
  } catch {
    return '';
  }
};
