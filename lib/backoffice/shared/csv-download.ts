// csvDownload: the one way a back-office route answers a CSV file that is read page by page (the
// card list, an asset's ledger, the audit log). The route reads the first batch itself before
// answering, so that a refusal is a plain error rather than a broken file; this streams the
// preamble and that batch at once, then each further batch as the browser reads, and fails the
// stream if a later batch fails: the headers are gone by then, and a failed download is what the
// browser reports instead of saving a file that silently lacks the rest.
import { CSV_CONTENT_TYPE } from '../cards/cards-csv';

export function csvDownload<T>(options: {
  /** Attachment name, e.g. "cards-20260501.csv". */
  filename: string;
  /** The byte-order mark and the header line. */
  preamble: string;
  /** The batch the route has already read. */
  first: IteratorResult<T[], unknown>;
  /** The batches after it (the same generator the first came from). */
  rest: AsyncGenerator<T[], unknown, undefined>;
  /** A batch as CSV lines. */
  lines: (batch: T[]) => string;
  /** For the log line when a later batch fails, e.g. "cards-export". */
  name: string;
  /** What the log may say of that failure (never the data). */
  describeError: (error: unknown) => string;
}): Response {
  const { first, rest } = options;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      const rows = first.done ? '' : options.lines(first.value);
      controller.enqueue(encoder.encode(options.preamble + rows));
      if (first.done) controller.close();
    },
    async pull(controller) {
      try {
        const next = await rest.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(options.lines(next.value)));
      } catch (error) {
        console.error(`[${options.name}] stopped: ${options.describeError(error)}`);
        controller.error(error);
      }
    },
    async cancel() {
      await rest.return(undefined);
    },
  });
  return new Response(body, {
    headers: {
      'Content-Type': CSV_CONTENT_TYPE,
      'Content-Disposition': `attachment; filename="${options.filename}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
