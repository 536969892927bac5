// An agency's decision endpoint on 127.0.0.1 for tests (docs/card-spending.md "The agency's
// decision"): it records every request (headers, raw body) and answers with whatever `respond`
// says: a status, a JSON body, headers, and a delay (or a promise the test settles) before answering.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyWebhook, WEBHOOK_HEADERS } from '@/lib/wallet/contract/webhook-signature';

export type DecisionRequest = {
  timestamp: string;
  signature: string;
  /** Wallet-Signature-Previous ('' when absent): the rotated-out secret's, during the overlap. */
  previousSignature: string;
  rawBody: string;
  arrivedAt: number;
};

/** Whether a request verifies with `secret` by either header, as an agency mid-rotation checks. */
export function verifiesWith(secret: string, r: DecisionRequest): boolean {
  return verifyWebhook({
    secret,
    rawBody: r.rawBody,
    timestamp: r.timestamp,
    signature: r.signature,
    previousSignature: r.previousSignature,
  });
}
export type DecisionAnswer = {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Answered only once this settles too (after `delayMs`): the test says when. */
  hold?: Promise<void>;
};

export type DecisionEndpoint = {
  url: string;
  received: DecisionRequest[];
  /** Requests that verify with `secret`, by either header (verifiesWith). */
  verified(secret: string): DecisionRequest[];
  respond: (request: DecisionRequest) => DecisionAnswer;
  close(): Promise<void>;
};

export async function startDecisionEndpoint(
  respond: (request: DecisionRequest) => DecisionAnswer = () => ({ body: { approved: true } }),
): Promise<DecisionEndpoint> {
  const received: DecisionRequest[] = [];
  const open = new Set<ServerResponse>();
  const endpoint: DecisionEndpoint = {
    url: '',
    received,
    respond,
    verified: (secret) => received.filter((r) => verifiesWith(secret, r)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of open) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const header = (name: string) => String(req.headers[name.toLowerCase()] ?? '');
      const request: DecisionRequest = {
        timestamp: header(WEBHOOK_HEADERS.timestamp),
        signature: header(WEBHOOK_HEADERS.signature),
        previousSignature: header(WEBHOOK_HEADERS.previousSignature),
        rawBody: Buffer.concat(chunks).toString('utf8'),
        arrivedAt: Date.now(),
      };
      received.push(request);
      const answer = endpoint.respond(request);
      open.add(res);
      const delayed = new Promise<void>((resolve) => setTimeout(resolve, answer.delayMs ?? 0));
      void Promise.all([delayed, answer.hold]).then(() => {
        open.delete(res);
        if (res.destroyed) return;
        const body = answer.body === undefined ? '' : JSON.stringify(answer.body);
        res.writeHead(answer.status ?? 200, { 'Content-Type': 'application/json', ...answer.headers });
        res.end(body);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/decide`;
  return endpoint;
}
