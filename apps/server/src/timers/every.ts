import type { FastifyInstance } from 'fastify';

/**
 * Runs `job` once the server is ready and then every `everyMs`, one run at a time (a run still going when the next is
 * due makes it wait for the next turn); a failure is logged and the next turn comes all the same. Stops when the
 * server closes, after the run under way, since the database closes after the server. `nudge()` runs it soon
 * (after the run under way), as when staff publish news that should be announced now.
 */
export function every(app: FastifyInstance, what: string, everyMs: number, job: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let closed = false;
  const run = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = job()
      .then(() => undefined)
      .catch((error: unknown) => app.log.warn({ err: error }, `${what} failed`))
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          run();
        }
      });
  };
  app.addHook('onReady', async () => {
    run();
    timer = setInterval(run, everyMs);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearInterval(timer);
    while (running) await running;
  });
  return { nudge: run };
}
