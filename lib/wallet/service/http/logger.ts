// The service's structured logs: one JSON line per request (operation, method, path without its
// query, HTTP status, result code, duration, request id) through pino. A wallet request's query
// string carries personal data (the spec puts every parameter there), so no line ever holds it:
// the handler passes only the path, and unexpected errors are logged by name, PostgreSQL code
// and stack frames, never by message (driver messages can quote values).
// Lines go to stdout in batches (12 KiB, or whatever 250 ms gathered): one write per batch rather
// than per request, the larger part of a log line's cost under load. Each write is a trip through
// libuv's thread pool (a thread woken, a wake-up back), so at 4 KiB a busy read paid one for every
// 18 requests (bench/RESULTS.md, me/cards); 12 KiB is under the destination's single-write bound
// (16 KiB), and the 250 ms bound on a line's wait is unchanged. They are flushed at exit
// (pino does it for its destinations), and the server flushes its ready line at once; a kill -9
// loses at most the last 250 ms of lines.
import pino, { type Logger } from 'pino';

export type { Logger };

/** Bytes of log lines gathered before a write. */
const BATCH_BYTES = 12 * 1024;
/** The longest a line waits for its batch. */
const FLUSH_EVERY_MS = 250;

/**
 * pino's isoTime (`,"time":"2026-01-02T03:04:05.678Z"`) without a Date and its toISOString per
 * line: the part up to the second is made once a second, the milliseconds appended. Same text.
 */
export function isoTimeOncePerSecond(now: () => number = Date.now): () => string {
  let second = Number.NaN;
  let head = '';
  return () => {
    const ms = now();
    const rest = ms % 1000;
    const start = ms - rest;
    if (start !== second) {
      second = start;
      // "YYYY-MM-DDTHH:MM:SS." of this second.
      head = `,"time":"${new Date(start).toISOString().slice(0, 20)}`;
    }
    return `${head}${rest < 10 ? '00' : rest < 100 ? '0' : ''}${rest}Z"`;
  };
}

export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  const logger = pino(
    {
      name: 'wallet',
      level: options.level ?? 'info',
      base: { service: 'wallet' },
      timestamp: isoTimeOncePerSecond(),
      // Nothing that could hold a parameter value is logged; this is the net under that rule.
      redact: { paths: ['url', 'query', 'req.url', 'params', 'msgText'], remove: true },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false, minLength: BATCH_BYTES }),
  );
  if (!options.destination) {
    setInterval(() => {
      try {
        logger.flush();
      } catch {
        // The destination is closed (the process is exiting): nothing left to flush.
      }
    }, FLUSH_EVERY_MS).unref();
  }
  return logger;
}

/** What an unexpected error may say in a log: its kind and where, not its message. */
export function describeUnexpected(error: unknown): Record<string, string> {
  const err = error as {
    name?: string;
    stack?: string;
    code?: unknown;
    cause?: { code?: unknown; constraint?: string };
  };
  const pgCode = [err.code, err.cause?.code].find((c) => typeof c === 'string' && /^[0-9A-Z]{5}$/.test(c));
  return {
    errorName: err.name ?? typeof error,
    pgCode: (pgCode as string | undefined) ?? '-',
    constraint: err.cause?.constraint ?? '-',
    frames: (err.stack ?? '').split('\n').slice(1, 6).join('\n'),
  };
}
