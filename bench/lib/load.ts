// Load generation on loopback with autocannon: a warm-up, then a fixed-duration measured run with
// a fixed number of connections (closed loop). Every request is built afresh by setupRequest (a
// new timestamp, nonce and signature for signed calls) and every response body is checked
// (`{"code":0,` for the wallet API, HTTP 200 for pages), so a fast stream of refusals can never
// pass for a fast service. Latencies are recorded from autocannon's per-response timings in
// full precision (its own histogram rounds to whole milliseconds, too coarse for a floor that
// answers in one).
import autocannon from 'autocannon';

export type LoadResult = {
  /** Responses that passed the check, and all responses. */
  ok: number;
  total: number;
  failed: number;
  /** Transport errors and timeouts. */
  errors: number;
  seconds: number;
  /** Successful responses per second. */
  rps: number;
  /** Milliseconds. */
  p50: number;
  p90: number;
  p95: number;
  p99: number;
  /** Milliseconds (absent in results before issue 46). */
  p999?: number;
  mean: number;
  max: number;
  /** A sample of what failed checks returned (to explain a failure). */
  failureSample?: string;
  /**
   * Tags of requests sent but never answered to the client: those in flight when the run's time
   * was up (autocannon stops without reading them). The server may still have completed them.
   */
  abandoned: string[];
  /** CPU ms the server's processes spent per response during the measured run. */
  cpuMsPerRequest?: number;
  /** Responses of the warm-up before the measured run (not in the figures above). */
  warmupTotal?: number;
};

export type RequestFactory = () => {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** Identifies the request (e.g. its requestId), to account for it when it is left unanswered. */
  tag?: string;
};

export type LoadOptions = {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  next: RequestFactory;
  /** Does a response count as a success? Default: HTTP 200 and a body starting `{"code":0,`. */
  check?: (status: number, body: string) => boolean;
  /** Called after each successful response (e.g. to count issued cards). */
  onSuccess?: (body: string) => void;
  /** Stop early when this resolves (the measured run only). */
  stopWhen?: Promise<unknown>;
  /** The server's CPU time so far, in ms (see groupCpuMs). */
  serverCpuMs?: () => number;
};

export const walletSuccess = (status: number, body: string) =>
  status === 200 && body.startsWith('{"code":0,');

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

async function runOnce(
  options: LoadOptions,
  seconds: number,
  record: boolean,
  stopWhen?: Promise<unknown>,
): Promise<LoadResult> {
  const check = options.check ?? walletSuccess;
  const latencies: number[] = [];
  let ok = 0;
  let failed = 0;
  let failureSample: string | undefined;
  const inFlight = new Set<string>();
  let finished!: (result: autocannon.Result) => void;
  let failedRun!: (error: unknown) => void;
  const done = new Promise<autocannon.Result>((resolve, reject) => {
    finished = resolve;
    failedRun = reject;
  });
  const instance = autocannon(
    {
      url: options.url,
      connections: options.connections,
      duration: seconds,
      timeout: 30,
      requests: [
        {
          setupRequest: (request, context) => {
            const next = options.next();
            if (next.tag !== undefined) {
              (context as { tag?: string }).tag = next.tag;
              inFlight.add(next.tag);
            }
            return { ...request, method: next.method, path: next.path, headers: next.headers ?? {} };
          },
          onResponse: (status, body, context) => {
            const tag = (context as { tag?: string }).tag;
            if (tag !== undefined) inFlight.delete(tag);
            if (check(status, body)) {
              ok++;
              options.onSuccess?.(body);
            } else {
              failed++;
              failureSample ??= `HTTP ${status}: ${body.slice(0, 300)}`;
            }
          },
        },
      ],
    },
    (error, result) => (error ? failedRun(error) : finished(result)),
  );
  if (record) {
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies.push(responseTime);
    });
  }
  if (stopWhen) void stopWhen.then(() => instance.stop());
  const result = await done;
  const sorted = Float64Array.from(latencies).sort();
  const mean = sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : NaN;
  const duration = result.duration || seconds;
  return {
    ok,
    total: ok + failed,
    failed,
    errors: result.errors + result.timeouts,
    seconds: duration,
    rps: ok / duration,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    p999: percentile(sorted, 99.9),
    mean,
    max: sorted.length ? sorted[sorted.length - 1]! : NaN,
    ...(failureSample ? { failureSample } : {}),
    abandoned: [...inFlight],
  };
}

/** Warm-up (discarded), then the measured run. */
export async function measure(options: LoadOptions): Promise<LoadResult> {
  const warm = options.warmupSeconds > 0 ? await runOnce(options, options.warmupSeconds, false) : undefined;
  const cpuBefore = options.serverCpuMs?.();
  const result = await runOnce(options, options.seconds, true, options.stopWhen);
  const cpuAfter = options.serverCpuMs?.();
  return {
    ...result,
    ...(warm ? { warmupTotal: warm.total } : {}),
    abandoned: [...(warm?.abandoned ?? []), ...result.abandoned],
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.ok > 0
      ? { cpuMsPerRequest: (cpuAfter - cpuBefore) / result.total }
      : {}),
  };
}

/** Of several windows of one figure, the one with the median rate (the lower middle of an even number). */
export function medianRate(rounds: readonly LoadResult[]): LoadResult {
  return [...rounds].sort((x, y) => x.rps - y.rps)[Math.floor((rounds.length - 1) / 2)]!;
}

/** Of several windows of one figure, the one with the median p50 (the lower middle of an even number). */
export function medianP50(rounds: readonly LoadResult[]): LoadResult {
  return [...rounds].sort((x, y) => x.p50 - y.p50)[Math.floor((rounds.length - 1) / 2)]!;
}

export function describe(r: LoadResult): string {
  const f = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : '-');
  return `p50 ${f(r.p50)} ms · p90 ${f(r.p90)} · p99 ${f(r.p99)} · ${r.rps.toFixed(0)} req/s · ${r.ok}/${r.total} ok${r.cpuMsPerRequest !== undefined ? ` · ${r.cpuMsPerRequest.toFixed(2)} ms CPU/req` : ''}${r.errors ? ` · ${r.errors} errors` : ''}`;
}
