// The agency's own decision (docs/card-spending.md "The agency's decision"): one signed POST to
// its decision URL, as webhook deliveries are signed (Wallet-Timestamp, Wallet-Signature =
// HMAC-SHA256 of timestamp + "." + body with the decision secret), under the same SSRF rules
// (webhook/webhook-target.ts: the address is checked as the socket connects), with a hard
// deadline. A 2xx whose JSON body has `"approved": true` approves; any other answer (another
// status, a redirect, which is never followed, a body that says otherwise or is not JSON, a
// refused address, a network error) declines; no whole answer by the deadline is late, and the
// caller applies the fallback. Called with no transaction open and no row locked. A request
// written on a kept-alive socket the endpoint had closed is asked once more on a new connection
// (docs/card-spending.md "How it is built").
import { request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signWebhook, WEBHOOK_HEADERS } from '@/lib/wallet/contract/webhook-signature';
import { literalHostProblem, pinnedLookup } from '../webhook/webhook-target';

export type AgencyAnswer = 'APPROVED' | 'DECLINED' | 'LATE';

/** The most of an answer's body read: `{"approved": true}` needs far less. */
const MAX_ANSWER_BYTES = 16 * 1024;

export function askAgency(options: {
  url: string;
  secret: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<AgencyAnswer> {
  const { url, secret, body, timeoutMs, allowPrivate } = options;
  return new Promise<AgencyAnswer>((resolve) => {
    let settled = false;
    let req: ClientRequest | undefined;
    const settle = (answer: AgencyAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(answer);
    };
    const startedAt = Date.now();
    // One deadline for the whole question, a retry included.
    const deadline = setTimeout(() => {
      settle('LATE');
      req?.destroy();
    }, timeoutMs);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return settle('DECLINED');
    }
    if (literalHostProblem(target, allowPrivate)) return settle('DECLINED');
    const timestamp = Date.now();
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'User-Agent': 'card-wallet-decisions/1',
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
    };
    const send = target.protocol === 'https:' ? httpsRequest : httpRequest;

    /** One attempt; `fresh` forbids a kept-alive socket (the retry's own new connection). */
    const attempt = (fresh: boolean) => {
      const requestOptions: RequestOptions = {
        method: 'POST',
        lookup: pinnedLookup({ allowPrivate }),
        headers,
        ...(fresh ? { agent: false } : {}),
      };
      let answered = false;
      const sent = send(target, requestOptions, (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        if (status < 200 || status >= 300) {
          res.resume();
          return settle('DECLINED');
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            settle('DECLINED');
            sent.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => {
          try {
            const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
            const approved =
              typeof answer === 'object' &&
              answer !== null &&
              (answer as { approved?: unknown }).approved === true;
            settle(approved ? 'APPROVED' : 'DECLINED');
          } catch {
            settle('DECLINED');
          }
        });
        res.on('error', () => settle('DECLINED'));
      });
      // A first byte of the answer counts as answered, even before its head is whole.
      sent.on('socket', (socket) => socket.once('data', () => (answered = true)));
      sent.on('error', () => {
        if (settled) return;
        // A kept-alive socket the endpoint had closed while idle (docs/card-spending.md "How it is
        // built"): nothing of an answer came, so it is asked once more on a new connection, if the
        // deadline has time left. Any other failure declines.
        const stale = !fresh && sent.reusedSocket && !answered;
        if (stale && Date.now() - startedAt < timeoutMs) return attempt(true);
        settle('DECLINED');
      });
      req = sent;
      sent.end(body);
    };
    attempt(false);
  });
}
