// Guards the constant-time signature compare (docs/wallet-api.md "Signature"): a plain `===` would
// pass every test of what is accepted and refused, and leak through timing how much of a guessed
// signature is right. crypto.timingSafeEqual is wrapped in a spy; a request's signature, right or
// wrong, must reach it with the expected and the received bytes, from the helper and from the
// authenticator alike.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/open';
import { signaturesMatch, signRequest } from '@/lib/wallet/contract/signature';
import { WalletError } from '@/lib/wallet/contract/result-codes';
import { APP_BY_CODES, SPEND_NONCE } from '../db/statements';
import { createAuthenticator } from './authenticate';

const spy = vi.hoisted(() => ({ calls: [] as [string, string][] }));

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      spy.calls.push([
        Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString(),
        Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString(),
      ]);
      return actual.timingSafeEqual(a, b);
    },
  };
});

beforeEach(() => {
  spy.calls.length = 0;
});

const SECRET = 'constant-time-secret';
const PATH = '/wallet/api/agency/assetList';

describe('signaturesMatch', () => {
  const sign = signRequest(SECRET, 'POST', PATH, [['a', '1']]);
  const wrong = `${sign[0] === '0' ? '1' : '0'}${sign.slice(1)}`;

  it('compares equal-length signatures with crypto.timingSafeEqual, matching or not', () => {
    expect(signaturesMatch(sign, sign)).toBe(true);
    expect(signaturesMatch(sign, wrong)).toBe(false);
    expect(spy.calls).toEqual([
      [sign, sign],
      [sign, wrong],
    ]);
  });
});

describe('the authenticator', () => {
  const engine = {
    query: async (_text: string, values: unknown[] = [], name?: string) => {
      if (name === APP_BY_CODES.name)
        return [{ id: 1, app_id: values[0], secret: SECRET, agency_id: 1, agency_code: values[1] }];
      if (name === SPEND_NONCE.name) return [{ spent: 1 }];
      return [];
    },
  } as unknown as DatabaseHandle;

  it("hands a request's signature, right or wrong, to crypto.timingSafeEqual", async () => {
    const now = 1_700_000_000_000;
    const auth = createAuthenticator({ engine, now: () => now });
    const pairs = new Map([
      ['agencyCode', 'AG'],
      ['appId', 'app'],
      ['timestamp', String(now)],
    ]);
    const sign = signRequest(SECRET, 'POST', PATH, pairs);
    const wrong = `${sign.slice(0, -1)}${sign.endsWith('0') ? '1' : '0'}`;
    const base = { method: 'POST', path: PATH, pairs, agencyCode: 'AG', appId: 'app', timestamp: now };

    await auth.authenticate({ ...base, nonce: 'a'.repeat(16), sign });
    const refused = await auth.authenticate({ ...base, nonce: 'b'.repeat(16), sign: wrong }).catch((e) => e);
    expect(refused).toBeInstanceOf(WalletError);
    expect((refused as WalletError).code).toBe(2001);
    expect(spy.calls).toEqual([
      [sign, sign],
      [sign, wrong],
    ]);
  });
});
