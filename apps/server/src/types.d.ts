import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { StopTimings } from './http/graceful-stop.ts';
import type { EncodeWorker } from './media/encode-worker.ts';
import type { Metrics } from './metrics/metrics.ts';
import type { SmsQueue } from './sms/sms-queue.ts';
import type { SmsSender } from './sms/sms-sender.ts';
import type { PushSender } from './push/push-sender.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    sms: SmsSender;
    /** Sign-in codes are texted from here, after their request is answered. */
    smsQueue: SmsQueue;
    /** Encodes uploaded videos into their HLS ladder in the background (media/encode-worker.ts). */
    encoder: EncodeWorker;
    metrics: Metrics;
    /** Work run later, on whichever instance fetches it first (jobs/job-queue.ts). */
    jobs: JobQueue;
    /** Web Push to students' devices: class reminders, news notices (docs/decisions/075). */
    push: PushSender;
    /** The clock of reminders and notices: the system's, or a test's. */
    now(): Date;
    /** Set on SIGTERM: /readyz answers 503 while the instance stops (http/graceful-stop.ts). */
    draining: boolean;
    /** Stops serving without losing a request behind a proxy; app.close() follows. */
    stopGracefully(timings?: StopTimings): Promise<void>;
  }
}
