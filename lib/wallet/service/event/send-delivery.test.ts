import { afterEach, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@/lib/wallet/contract/webhook-signature';
import { startWebhookReceiver, type WebhookReceiver } from '@/tests/helpers/webhook-receiver';
import { retryDelayMs, RETRY_SCHEDULE_SECONDS } from './delivery-worker';
import { createSender } from './send-delivery';

const attempt = (url: string) => ({
  url,
  eventId: 'evt_abcdefghijklmnopqrstuvwx',
  body: '{"a":1}',
  secret: 'whsec_t',
});

describe('one delivery attempt', () => {
  let receiver: WebhookReceiver | undefined;
  afterEach(async () => receiver?.close());

  it('POSTs the body with the event id, timestamp and signature headers; 2xx delivers', async () => {
    receiver = await startWebhookReceiver({ respond: () => 202 });
    const outcome = await createSender({ allowPrivate: true })(attempt(receiver.url));
    expect(outcome).toEqual({ delivered: true, statusCode: 202 });
    const [got] = receiver.received;
    expect(got).toMatchObject({
      eventId: 'evt_abcdefghijklmnopqrstuvwx',
      rawBody: '{"a":1}',
      path: '/hooks',
    });
    expect(
      verifyWebhook({
        secret: 'whsec_t',
        rawBody: got!.rawBody,
        timestamp: got!.timestamp,
        signature: got!.signature,
      }),
    ).toBe(true);
  });

  it('another status fails with it; a redirect is not followed', async () => {
    receiver = await startWebhookReceiver({
      respond: (n) =>
        n === 1 ? 500 : { status: 307, headers: { Location: 'http://127.0.0.1:9/elsewhere' } },
    });
    const send = createSender({ allowPrivate: true });
    expect(await send(attempt(receiver.url))).toEqual({
      delivered: false,
      statusCode: 500,
      error: 'answered HTTP 500',
    });
    expect(await send(attempt(receiver.url))).toEqual({
      delivered: false,
      statusCode: 307,
      error: 'redirect to http://127.0.0.1:9/elsewhere (not followed)',
    });
    expect(receiver.received).toHaveLength(2);
  });

  it('no answer within the deadline is a failure (10 s in service; 200 ms here)', async () => {
    receiver = await startWebhookReceiver({ respond: () => 'hang' });
    const started = Date.now();
    const outcome = await createSender({ allowPrivate: true, timeoutMs: 200 })(attempt(receiver.url));
    expect(outcome).toEqual({ delivered: false, statusCode: null, error: 'no answer within 0.2 s' });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('without allowPrivate, a private address is refused at connect time, by literal or by name', async () => {
    receiver = await startWebhookReceiver();
    const send = createSender({ allowPrivate: false });
    const byLiteral = await send(attempt(receiver.url));
    expect(byLiteral).toMatchObject({ delivered: false, statusCode: null });
    expect(byLiteral.delivered === false && byLiteral.error).toMatch(
      /^refused: the host resolves to 127\.0\.0\.1/,
    );
    const byName = await send(attempt(receiver.url.replace('127.0.0.1', 'localhost')));
    expect(byName.delivered === false && byName.error).toMatch(
      /^refused: the host resolves to (127\.0\.0\.1|::1)/,
    );
    expect(receiver.received).toHaveLength(0);
  });
});

describe('the retry schedule (docs/wallet-api.md "Webhook delivery")', () => {
  it('is 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h, 24 h, then none; scaled', () => {
    expect(RETRY_SCHEDULE_SECONDS).toEqual([10, 60, 300, 1_800, 7_200, 21_600, 43_200, 86_400]);
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n, 1))).toEqual([
      10_000,
      60_000,
      300_000,
      1_800_000,
      7_200_000,
      21_600_000,
      43_200_000,
      86_400_000,
      undefined,
    ]);
    expect(retryDelayMs(1, 0.001)).toBe(10);
    expect(retryDelayMs(8, 0.001)).toBe(86_400);
  });
});
