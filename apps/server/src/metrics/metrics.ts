import cluster from 'node:cluster';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.ts';

export type Metrics = ReturnType<typeof createMetrics>;

/**
 * The figures `/metrics` shows, in a registry of this app's own (tests build several apps in one process).
 * Route labels are route patterns, never raw addresses, so the number of series stays bounded.
 */
export function createMetrics(db: Database) {
  const registry = new Registry();
  const registers = [registry];
  processMetrics(registry);
  const requests = new Histogram({
    name: 'portal_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status, with their durations',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const smsSends = new Counter({
    name: 'portal_sms_sends_total',
    help: 'Sign-in SMS handed to the gateway, by provider and result (sent, failed)',
    labelNames: ['provider', 'result'] as const,
    registers,
  });
  const signInFailures = new Counter({
    name: 'portal_sign_in_failures_total',
    help: 'Sign-in codes refused (wrong, expired, used, out of tries)',
    registers,
  });
  const registrationBudgetRefusals = new Counter({
    name: 'portal_registration_budget_refusals_total',
    help: 'Signups refused because the institute-wide budget of registration codes was spent, by window (hour: REGISTRATION_SMS_PER_HOUR, day: REGISTRATION_SMS_PER_DAY)',
    labelNames: ['window'] as const,
    registers,
  });
  // Shown at 0 from the start, so an alert on their increase has a series to watch.
  for (const window of ['hour', 'day'] as const) registrationBudgetRefusals.inc({ window }, 0);
  new Gauge({
    name: 'portal_db_pool_connections',
    help: 'PostgreSQL connections by state (in_use: running a statement or holding a transaction, idle: statement connections free, waiting: statements beyond one a connection, pipelined behind another or queued, and transactions waiting for a connection)',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = db.poolStats?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.inUse);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  return { registry, requests, smsSends, signInFailures, registrationBudgetRefusals };
}

/**
 * prom-client's own series of this process: resident memory, heap, event-loop lag, GC, CPU, start time. With WORKERS > 1
 * the first process sums the workers' figures (cluster/cluster-metrics.ts), which would add their lags and drop their
 * start times; labelled with the worker's id, each worker keeps series of its own.
 */
function processMetrics(registry: Registry) {
  collectDefaultMetrics({
    register: registry,
    ...(cluster.isWorker ? { labels: { worker: String(cluster.worker?.id) } } : {}),
  });
  // prom-client leaves the start time out of a cluster's sum; one value a worker, any aggregation keeps it.
  const startTime = registry.getSingleMetric('process_start_time_seconds');
  if (startTime) Object.assign(startTime, { aggregator: 'max' });
  // Gauges named like counters (nodejs_active_handles_total…), which promtool refuses; nodejs_active_handles{type}
  // and its kin carry the same counts by type.
  for (const metric of registry.getMetricsAsArray()) {
    if (metric.name.endsWith('_total') && !(metric instanceof Counter)) registry.removeSingleMetric(metric.name);
  }
}
