// The service's structured logs: one JSON line per request (operation, method, path without its
// query, HTTP status, result code, duration, request id) through pino. A wallet request's query
// string carries personal data (the spec puts every parameter there), so no line ever holds it:
// the handler passes only the path, and unexpected errors are logged by name, PostgreSQL code
// and stack frames, never by message (driver messages can quote values).
import pino, { type Logger } from 'pino';

export type { Logger };

export function createLogger(options: { level?: string; destination?: pino.DestinationStream } = {}): Logger {
  return pino(
    {
      name: 'wallet',
      level: options.level ?? 'info',
      base: { service: 'wallet' },
      timestamp: pino.stdTimeFunctions.isoTime,
      // Nothing that could hold a parameter value is logged; this is the net under that rule.
      redact: { paths: ['url', 'query', 'req.url', 'params', 'msgText'], remove: true },
    },
    options.destination ?? pino.destination({ dest: 1, sync: false }),
  );
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
