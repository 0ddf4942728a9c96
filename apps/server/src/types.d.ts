import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { SmsQueue } from './sms/sms-queue.ts';
import type { SmsSender } from './sms/sms-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    sms: SmsSender;
    /** Sign-in codes are texted from here, after their request is answered. */
    smsQueue: SmsQueue;
    metrics: Metrics;
  }
}
