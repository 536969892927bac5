import { describe, expect, it } from 'vitest';
import { signWebhook, verifyWebhook } from './webhook-signature';

describe('webhook signatures (docs/wallet-api.md "Webhook delivery")', () => {
  const body = '{"id":"evt_abcdefghijklmnopqrstuvwx","type":"card.issued"}';

  it('is HMAC-SHA256 of timestamp, a dot and the raw body, in lowercase hex', () => {
    // printf '%s' '1767225600000.<body>' | openssl dgst -sha256 -hmac whsec_test
    expect(signWebhook('whsec_test', 1767225600000, body)).toBe(
      '614dcfca975a5f35c5fa3d17c9ed9932a24f5074972627d19ef7fb97bcac37fb',
    );
  });

  it('verifies a genuine delivery and refuses a changed body, secret, timestamp or an old one', () => {
    const now = 1767225600000;
    const signature = signWebhook('whsec_test', now, body);
    const base = { secret: 'whsec_test', rawBody: body, timestamp: String(now), signature, now };
    expect(verifyWebhook(base)).toBe(true);
    expect(verifyWebhook({ ...base, rawBody: `${body} ` })).toBe(false);
    expect(verifyWebhook({ ...base, secret: 'whsec_other' })).toBe(false);
    expect(verifyWebhook({ ...base, timestamp: String(now + 1) })).toBe(false);
    expect(verifyWebhook({ ...base, now: now + 5 * 60_000 + 1 })).toBe(false);
    expect(verifyWebhook({ ...base, signature: undefined })).toBe(false);
    expect(verifyWebhook({ ...base, timestamp: 'soon' })).toBe(false);
  });
});
