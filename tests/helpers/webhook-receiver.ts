// A webhook receiver on 127.0.0.1 for tests and the bench: it records every delivery (headers,
// raw body, when it arrived) and answers with whatever `respond` says for the n-th request
// (default 204), so a test can make it fail, redirect, or hang. Each body is checked against the
// OpenAPI document's webhook of its type (webhook-schema.ts): `schemaProblems` lists what differs.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WEBHOOK_HEADERS } from '@/lib/wallet/contract/webhook-signature';
import { webhookSchemaProblems } from './webhook-schema';

export type Received = {
  eventId: string;
  timestamp: string;
  signature: string;
  /** Wallet-Signature-Previous ('' when absent): the rotated-out secret's, during the overlap. */
  previousSignature: string;
  rawBody: string;
  path: string;
  arrivedAt: number;
};

export type Answer = number | { status: number; headers?: Record<string, string> } | 'hang';

export type WebhookReceiver = {
  url: string;
  received: Received[];
  /** What every body received so far does not match in the OpenAPI document's webhooks: [] when all do. */
  schemaProblems(): string[];
  /** Deliveries that verify with `secret`, by either header (as a receiver mid-rotation checks). */
  verified(secret: string): Received[];
  /** Resolves once `predicate` holds for what was received, or rejects after `timeoutMs`. */
  waitFor(predicate: (received: Received[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

export async function startWebhookReceiver(
  options: {
    respond?: (n: number, received: Received) => Answer;
    path?: string;
    port?: number;
    /**
     * How long an idle connection is kept open (default 1 s). Node's client does not reuse a
     * connection whose server advertises 1 s (it keeps a 1 s margin), so at the default every
     * delivery opens a connection of its own; Node's own server default is 5 s.
     */
    keepAliveTimeoutMs?: number;
  } = {},
): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const hanging = new Set<ServerResponse>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry: Received = {
        eventId: header(req, WEBHOOK_HEADERS.eventId),
        timestamp: header(req, WEBHOOK_HEADERS.timestamp),
        signature: header(req, WEBHOOK_HEADERS.signature),
        previousSignature: header(req, WEBHOOK_HEADERS.previousSignature),
        rawBody: Buffer.concat(chunks).toString('utf8'),
        path: req.url ?? '/',
        arrivedAt: Date.now(),
      };
      received.push(entry);
      const answer = options.respond?.(received.length, entry) ?? 204;
      if (answer === 'hang') {
        hanging.add(res);
        return;
      }
      const { status, headers } = typeof answer === 'number' ? { status: answer, headers: {} } : answer;
      res.writeHead(status, headers);
      res.end();
    });
  });
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? 1_000;
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${options.path ?? '/hooks'}`,
    received,
    schemaProblems: () => received.flatMap((r) => webhookSchemaProblems(r.rawBody)),
    verified: (secret) =>
      received.filter((r) =>
        verifyWebhook({
          secret,
          rawBody: r.rawBody,
          timestamp: r.timestamp,
          signature: r.signature,
          previousSignature: r.previousSignature,
        }),
      ),
    async waitFor(predicate, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (!predicate(received)) {
        if (Date.now() > deadline) {
          throw new Error(
            `the webhook receiver did not get what was awaited within ${timeoutMs} ms (${received.length} received)`,
          );
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
