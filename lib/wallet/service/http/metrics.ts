// Prometheus metrics of the wallet service, served at /wallet/metrics: requests by operation and
// result code, latency histograms by operation, and Node's process metrics. One registry per
// service instance (not prom-client's global one), so tests can run several services in a process.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export type WalletMetrics = {
  registry: Registry;
  observe(operation: string, method: string, status: number, code: number, seconds: number): void;
};

/**
 * How often the event-loop lag is sampled (prom-client's `eventLoopMonitoringPrecision`, 10 ms by
 * default). At 10 ms its timer woke an idle process 100 times a second: 4.3 ms of CPU per second
 * with nothing to do (13 clock ticks in 30 s against 1 without it), which a slow read's CPU per
 * request carried whole (at 20 requests/s, 0.2 ms each). At 100 ms it is 1 ms/s, and a lag
 * longer than a tenth of a second, the kind worth an alert, is still seen.
 */
export const EVENT_LOOP_SAMPLE_MS = 100;

const REQUEST_LABELS = ['operation', 'method', 'status', 'code'] as const;
type RequestLabel = (typeof REQUEST_LABELS)[number];

export function createMetrics(options: { processMetrics?: boolean } = {}): WalletMetrics {
  const registry = new Registry();
  if (options.processMetrics ?? true) {
    collectDefaultMetrics({
      register: registry,
      prefix: 'wallet_',
      eventLoopMonitoringPrecision: EVENT_LOOP_SAMPLE_MS,
    });
  }
  // Requests are counted here and added to the counter when it is read (a scrape): prom-client
  // checks and hashes the labels of every inc, work done once per label set and scrape instead of
  // once per request (bench/RESULTS.md, me/cards). The label sets are as few as the counter's own.
  const counts = new Map<string, { labels: Record<RequestLabel, string>; n: number }>();
  new Counter({
    name: 'wallet_requests_total',
    help: 'Wallet API requests by operation, HTTP method, HTTP status and result code',
    labelNames: REQUEST_LABELS,
    registers: [registry],
    collect() {
      for (const count of counts.values()) {
        if (count.n === 0) continue;
        this.inc(count.labels, count.n);
        count.n = 0;
      }
    },
  });
  const duration = new Histogram({
    name: 'wallet_request_duration_seconds',
    help: 'Wallet API request duration from the first byte of the request to the end of the answer',
    labelNames: ['operation'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return {
    registry,
    observe(operation, method, status, code, seconds) {
      const key = `${operation} ${method} ${status} ${code}`;
      const count = counts.get(key);
      if (count) count.n++;
      else
        counts.set(key, { labels: { operation, method, status: String(status), code: String(code) }, n: 1 });
      duration.observe({ operation }, seconds);
    },
  };
}
