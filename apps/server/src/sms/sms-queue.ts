import type { FastifyBaseLogger } from 'fastify';

/**
 * Texts sent after the request that asked for them has been answered, so a registered number's answer takes as long
 * as anyone's (a gateway takes 170–370 ms; docs/decisions/040). At most `concurrency` texts are with gateways at once;
 * the rest wait their turn in order. A job handles its own failure; one that throws anyway is logged, never lost
 * silently and never fatal.
 */
export class SmsQueue {
  private readonly waiting: (() => Promise<void>)[] = [];
  private running = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly concurrency = 8,
  ) {}

  add(job: () => Promise<void>): void {
    this.waiting.push(job);
    this.next();
  }

  /** Resolves when every text handed in so far has been sent or has failed (shutdown waits for this). */
  idle(): Promise<void> {
    if (this.running === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private next() {
    while (this.running < this.concurrency && this.waiting.length > 0) {
      const job = this.waiting.shift()!;
      this.running++;
      job()
        .catch((error: unknown) => this.log.error({ err: error }, 'SMS job failed'))
        .finally(() => {
          this.running--;
          this.next();
          if (this.running === 0 && this.waiting.length === 0) {
            const waiters = this.idleWaiters;
            this.idleWaiters = [];
            waiters.forEach((resolve) => resolve());
          }
        });
    }
  }
}
