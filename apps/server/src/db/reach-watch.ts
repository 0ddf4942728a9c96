import { performance } from 'node:perf_hooks';
import { DatabaseUnavailable, isUnavailable, reasonOf } from './unavailable.ts';

/**
 * How a process notices a PostgreSQL server it cannot reach (docs/decisions/053). A refused connection says so at
 * once; a lost route says nothing, and a statement sent into it would wait for ever, so a statement unanswered for
 * `suspectAfterMs` makes the watch ask the server on a connection of its own. Every limit of that concern is here.
 */
export const REACH = {
  /** A statement unanswered this long makes the watch ask whether the server is still there. */
  suspectAfterMs: 1_000,
  /** How long that question may take, connecting included, before the server counts as out of reach. */
  probeTimeoutMs: 2_000,
  /** While out of reach, how often it asks again (the portal serves again within this of the server's return). */
  retryEveryMs: 1_000,
  /** How often the watch looks at what is in flight. */
  tickMs: 250,
  /** How long opening a pooled connection may take (TCP, then PostgreSQL's start-up). */
  connectTimeoutSeconds: 3,
};

export interface Probe {
  /** Resolves when the server answers a trivial statement. */
  ask(): Promise<void>;
  /** Drops the probe's own connection, after a question it did not answer. */
  reset(): void;
}

export interface ReachWatch {
  /**
   * Runs one statement (or the opening of a transaction): it fails at once with DatabaseUnavailable while the server
   * is out of reach, and with DatabaseUnavailable as soon as the watch finds it gone while this waits.
   */
  guard<T>(work: () => Promise<T>): Promise<T>;
  /** Why the server is out of reach, or undefined while it answers. */
  unreachable(): string | undefined;
  stop(): void;
}

interface InFlight {
  since: number;
  fail(error: Error): void;
}

/** `onLost` runs once when the server is found gone (drop connections that may hang), `onBack` when it answers again. */
export function watchReach(probe: Probe, onLost: (reason: string) => void, onBack: () => void = () => {}): ReachWatch {
  const inFlight = new Set<InFlight>();
  let lost: string | undefined;
  let asking = false;
  let askedAt = 0;

  const check = async () => {
    if (asking) return;
    asking = true;
    askedAt = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new DatabaseUnavailable(`no answer within ${REACH.probeTimeoutMs / 1000} s`)),
          REACH.probeTimeoutMs,
        );
      });
      await Promise.race([probe.ask(), late]);
      // Reachable: what is slow is slow on the server's side (statement_timeout bounds it); ask again only after as long.
      for (const statement of inFlight) statement.since = performance.now();
      if (lost !== undefined) {
        lost = undefined;
        onBack();
      }
    } catch (error) {
      probe.reset();
      const reason = reasonOf(error);
      if (lost === undefined) {
        lost = reason;
        for (const statement of inFlight) statement.fail(new DatabaseUnavailable(reason, { cause: error }));
        inFlight.clear();
        onLost(reason);
      } else lost = reason;
    } finally {
      clearTimeout(timer);
      asking = false;
    }
  };

  const tick = setInterval(() => {
    const now = performance.now();
    if (lost !== undefined) {
      if (now - askedAt >= REACH.retryEveryMs) void check();
    } else {
      for (const statement of inFlight) {
        if (now - statement.since >= REACH.suspectAfterMs) {
          void check();
          break;
        }
      }
    }
  }, REACH.tickMs);
  tick.unref();

  return {
    guard<T>(work: () => Promise<T>) {
      if (lost !== undefined) return Promise.reject(new DatabaseUnavailable(lost));
      return new Promise<T>((resolve, reject) => {
        const statement: InFlight = { since: performance.now(), fail: reject };
        inFlight.add(statement);
        work()
          .then(resolve, (error: unknown) => {
            if (!isUnavailable(error)) return reject(error as Error);
            // A refused or dropped connection: ask now, so the statements after this one fail at once too.
            void check();
            reject(
              error instanceof DatabaseUnavailable ? error : new DatabaseUnavailable(reasonOf(error), { cause: error }),
            );
          })
          .finally(() => inFlight.delete(statement));
      });
    },
    unreachable: () => lost,
    stop: () => clearInterval(tick),
  };
}
