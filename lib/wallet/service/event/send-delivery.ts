// One delivery attempt (docs/wallet-api.md "Webhook delivery"): POST the event's body to the
// endpoint, signed with its secret (and, during a rotation's overlap, with the previous one too:
// Wallet-Signature-Previous), with a 10 s deadline for the whole answer's head. A 2xx
// delivers it; any other status, a redirect (never followed: Node's http does not follow), a
// timeout, a refused address or a network error is a failure, described for event/list. The socket
// resolves the host through pinnedLookup, so the address checked is the address connected to.
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { signWebhook, WEBHOOK_HEADERS } from '@/lib/wallet/contract/webhook-signature';
import { serviceNow } from '../clock';
import { literalHostProblem, pinnedLookup } from '../webhook/webhook-target';

export const DELIVERY_TIMEOUT_MS = 10_000;

export type AttemptOutcome =
  { delivered: true; statusCode: number } | { delivered: false; statusCode: number | null; error: string };

export type SendDelivery = (attempt: {
  url: string;
  eventId: string;
  body: string;
  secret: string;
  /** A rotated-out secret still in its overlap: also signs Wallet-Signature-Previous. */
  previousSecret?: string;
}) => Promise<AttemptOutcome>;

export function createSender(options: { allowPrivate: boolean; timeoutMs?: number }): SendDelivery {
  const lookup = pinnedLookup(options);
  const timeoutMs = options.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  // A kept-alive connection the receiver closed just as it was reused fails before anything was
  // sent on it (Node's documented race): that attempt is made again at once on a new connection,
  // rather than counted as the receiver's failure and retried 10 s later.
  const send: SendDelivery = async (delivery) => {
    const first = await attemptOnce(delivery);
    return first.staleSocket ? (await attemptOnce(delivery)).outcome : first.outcome;
  };
  const attemptOnce = ({ url, eventId, body, secret, previousSecret }: Parameters<SendDelivery>[0]) =>
    new Promise<{ outcome: AttemptOutcome; staleSocket?: boolean }>((done) => {
      const resolve = (outcome: AttemptOutcome, staleSocket = false) => done({ outcome, staleSocket });
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return resolve({ delivered: false, statusCode: null, error: 'the URL is not valid' });
      }
      const refused = literalHostProblem(target, options.allowPrivate);
      if (refused) return resolve({ delivered: false, statusCode: null, error: refused });
      const timestamp = serviceNow();
      const requestOptions: RequestOptions = {
        method: 'POST',
        lookup,
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(body),
          'User-Agent': 'card-wallet-webhooks/1',
          [WEBHOOK_HEADERS.eventId]: eventId,
          [WEBHOOK_HEADERS.timestamp]: String(timestamp),
          [WEBHOOK_HEADERS.signature]: signWebhook(secret, timestamp, body),
          ...(previousSecret
            ? { [WEBHOOK_HEADERS.previousSignature]: signWebhook(previousSecret, timestamp, body) }
            : {}),
        },
      };
      let settled = false;
      const settle = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(deadline);
        resolve(outcome);
      };
      const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
      const req = send(target, requestOptions, (res) => {
        const statusCode = res.statusCode ?? 0;
        // The answer's body is not needed: read and dropped, so the socket closes cleanly.
        res.resume();
        res.on('error', () => undefined);
        if (statusCode >= 200 && statusCode < 300) return settle({ delivered: true, statusCode });
        const error =
          statusCode >= 300 && statusCode < 400
            ? `redirect to ${res.headers.location ?? 'nowhere'} (not followed)`
            : `answered HTTP ${statusCode}`;
        settle({ delivered: false, statusCode, error });
      });
      const deadline = setTimeout(() => {
        settle({ delivered: false, statusCode: null, error: `no answer within ${timeoutMs / 1000} s` });
        req.destroy();
      }, timeoutMs);
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (req.reusedSocket && error.code === 'ECONNRESET' && !settled) {
          settled = true;
          clearTimeout(deadline);
          resolve(
            { delivered: false, statusCode: null, error: 'the kept-alive connection was closed' },
            true,
          );
          return;
        }
        settle({
          delivered: false,
          statusCode: null,
          error:
            error.name === 'RefusedAddressError'
              ? error.message
              : `${error.code ?? 'network error'}: ${error.message}`,
        });
      });
      req.end(body);
    });
  return send;
}
