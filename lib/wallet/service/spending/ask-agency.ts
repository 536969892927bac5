// The agency's own decision (docs/card-spending.md "The agency's decision"): one signed POST to
// its decision URL, as webhook deliveries are signed (Wallet-Timestamp, Wallet-Signature =
// HMAC-SHA256 of timestamp + "." + body with the decision secret, and Wallet-Signature-Previous
// with the rotated-out secret during a rotation's overlap), under the same SSRF rules
// (webhook/webhook-target.ts: the address is checked as the socket connects), with a hard
// deadline. A 2xx whose JSON body has `"approved": true` approves; `"approved": false` declines,
// with the body's `reason` if it gave one (a string, cut to 200 characters). Anything else is the
// agency being unavailable, not deciding: another status, a redirect (never followed), a body
// that is neither (not JSON, no boolean `approved`, too long), a refused address, a network
// error. No whole answer by the deadline is late. For both the caller applies the fallback.
// Called with no transaction open and no row locked. A request written on a kept-alive socket the
// endpoint had closed is asked once more on a new connection (docs/card-spending.md "How it is
// built").
import { request as httpRequest, type ClientRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signWebhook, WEBHOOK_HEADERS } from '@/lib/wallet/contract/webhook-signature';
import { serviceNow } from '../clock';
import { literalHostProblem, pinnedLookup } from '../webhook/webhook-target';

export type AgencyAnswer =
  | { kind: 'APPROVED' }
  | { kind: 'DECLINED'; reason: string | null }
  | { kind: 'UNAVAILABLE' }
  | { kind: 'LATE' };

/** The most of the agency's `reason` kept on the authorization (as agencyReason). */
export const AGENCY_REASON_MAX = 200;

const UNAVAILABLE: AgencyAnswer = { kind: 'UNAVAILABLE' };

/** A 2xx answer's body read as a decision, or UNAVAILABLE when it is not one. */
export function readDecision(text: string): AgencyAnswer {
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return UNAVAILABLE;
  }
  if (typeof answer !== 'object' || answer === null) return UNAVAILABLE;
  const { approved, reason } = answer as { approved?: unknown; reason?: unknown };
  if (approved === true) return { kind: 'APPROVED' };
  if (approved !== false) return UNAVAILABLE;
  const kept = typeof reason === 'string' ? [...reason.trim()].slice(0, AGENCY_REASON_MAX).join('') : '';
  return { kind: 'DECLINED', reason: kept === '' ? null : kept };
}

/** The most of an answer's body read: `{"approved": true}` needs far less. */
const MAX_ANSWER_BYTES = 16 * 1024;

export function askAgency(options: {
  url: string;
  secret: string;
  /** The rotated-out secret while its overlap lasts: signs Wallet-Signature-Previous too. */
  previousSecret?: string;
  body: string;
  timeoutMs: number;
  allowPrivate: boolean;
}): Promise<AgencyAnswer> {
  const { url, secret, previousSecret, body, timeoutMs, allowPrivate } = options;
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
      settle({ kind: 'LATE' });
      req?.destroy();
    }, timeoutMs);
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return settle(UNAVAILABLE);
    }
    if (literalHostProblem(target, allowPrivate)) return settle(UNAVAILABLE);
    const timestamp = serviceNow();
    const headers = {
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'User-Agent': 'card-wallet-decisions/1',
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
      ...(previousSecret
        ? { [WEBHOOK_HEADERS.previousSignature]: signWebhook(previousSecret, timestamp, body) }
        : {}),
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
          return settle(UNAVAILABLE);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) {
            settle(UNAVAILABLE);
            sent.destroy();
            return;
          }
          chunks.push(chunk);
        });
        res.on('end', () => settle(readDecision(Buffer.concat(chunks).toString('utf8'))));
        res.on('error', () => settle(UNAVAILABLE));
      });
      // A first byte of the answer counts as answered, even before its head is whole.
      sent.on('socket', (socket) => socket.once('data', () => (answered = true)));
      sent.on('error', () => {
        if (settled) return;
        // A kept-alive socket the endpoint had closed while idle (docs/card-spending.md "How it is
        // built"): nothing of an answer came, so it is asked once more on a new connection, if the
        // deadline has time left. Any other failure is the agency unavailable.
        const stale = !fresh && sent.reusedSocket && !answered;
        if (stale && Date.now() - startedAt < timeoutMs) return attempt(true);
        settle(UNAVAILABLE);
      });
      req = sent;
      sent.end(body);
    };
    attempt(false);
  });
}
