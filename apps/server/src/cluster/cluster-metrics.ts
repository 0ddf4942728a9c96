import cluster from 'node:cluster';
import { AggregatorRegistry, type Registry } from 'prom-client';

const ASK = 'portal:metrics?';
const ANSWER = 'portal:metrics';
const TIMEOUT_MS = 5_000;

interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}

/**
 * In the first process: answers a worker's request for everyone's metrics, each figure summed over the workers
 * (prom-client's aggregation), so a scrape that reaches any worker sees the whole portal.
 */
export function answerMetricsRequests() {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== ASK) return;
    const reply = (answer: Omit<Answer, 'type' | 'id'>) =>
      worker.isConnected() && worker.send({ type: ANSWER, id: message.id, ...answer });
    aggregator.clusterMetrics().then(
      (text) => reply({ text }),
      (error: unknown) => reply({ error: error instanceof Error ? error.message : String(error) }),
    );
  });
}

let asked = 0;

/**
 * In a worker: offers `registry` to the first process's aggregation and returns how to ask for the sum of all
 * workers' figures. Outside a cluster it returns undefined (one process: its own registry is the whole).
 */
export function clusterMetricsOf(registry: Registry): (() => Promise<string>) | undefined {
  if (!cluster.isWorker) return undefined;
  AggregatorRegistry.setRegistries([registry]);
  // Constructing one starts answering the first process's requests for this worker's figures.
  new AggregatorRegistry();
  return () =>
    new Promise<string>((resolve, reject) => {
      const id = ++asked;
      const onMessage = (message: Answer) => {
        if (message?.type !== ANSWER || message.id !== id) return;
        clearTimeout(timer);
        process.off('message', onMessage);
        if (message.error !== undefined) reject(new Error(message.error));
        else resolve(message.text ?? '');
      };
      const timer = setTimeout(() => {
        process.off('message', onMessage);
        reject(new Error('The other workers did not give their metrics in time.'));
      }, TIMEOUT_MS);
      process.on('message', onMessage);
      process.send?.({ type: ASK, id });
    });
}
