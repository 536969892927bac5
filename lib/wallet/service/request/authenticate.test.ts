// The authenticator against a scripted engine: the order of the checks, the app cache's bound
// (a rotated secret applies within APP_CACHE_TTL_MS), that unknown apps are never cached, and
// which of the app's two keys signed a call.
import { describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@/lib/db/open';
import { signRequest } from '@/lib/wallet/contract/signature';
import { WalletError } from '@/lib/wallet/contract/result-codes';
import { setClockOffset } from '../clock';
import { APP_BY_CODES, SPEND_NONCE } from '../db/statements';
import { APP_CACHE_TTL_MS, createAuthenticator, type SignedRequest } from './authenticate';

function fakeEngine(state: {
  secret: string | null;
  backofficeSecret?: string;
  lookups: number;
  nonces: Set<string>;
}) {
  return {
    query: async (_text: string, values: unknown[] = [], name?: string) => {
      if (name === APP_BY_CODES.name) {
        state.lookups++;
        return state.secret === null
          ? []
          : [
              {
                id: 7,
                app_id: values[0],
                secret: state.secret,
                backoffice_secret: state.backofficeSecret ?? null,
                agency_id: 3,
                agency_code: values[1],
              },
            ];
      }
      if (name === SPEND_NONCE.name) {
        const key = String(values[1]);
        if (state.nonces.has(key)) return [];
        state.nonces.add(key);
        return [{ spent: 1 }];
      }
      return [];
    },
  } as unknown as DatabaseHandle;
}

function request(secret: string, nonce: string, at: number): SignedRequest {
  const pairs = new Map([
    ['agencyCode', 'AG'],
    ['appId', 'app'],
    ['timestamp', String(at)],
    ['nonce', nonce],
  ]);
  return {
    method: 'POST',
    path: '/wallet/api/agency/assetList',
    pairs,
    agencyCode: 'AG',
    appId: 'app',
    timestamp: at,
    nonce,
    sign: signRequest(secret, 'POST', '/wallet/api/agency/assetList', pairs),
  };
}

async function codeOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 0;
  } catch (error) {
    if (error instanceof WalletError) return error.code;
    throw error;
  }
}

describe('createAuthenticator', () => {
  it('looks the app up once per TTL, and applies a rotated secret once the TTL has passed', async () => {
    const state = { secret: 'old-secret' as string | null, lookups: 0, nonces: new Set<string>() };
    let now = 1_000_000;
    const auth = createAuthenticator({ engine: fakeEngine(state), now: () => now });
    expect(await auth.authenticate(request('old-secret', 'n'.repeat(16), now))).toEqual({
      id: 7,
      appId: 'app',
      agencyId: 3,
      agencyCode: 'AG',
    });
    state.secret = 'new-secret';
    now += APP_CACHE_TTL_MS - 1;
    // Within the TTL: the cached (old) secret still decides.
    expect(await codeOf(auth.authenticate(request('old-secret', 'm'.repeat(16), now)))).toBe(0);
    expect(await codeOf(auth.authenticate(request('new-secret', 'o'.repeat(16), now)))).toBe(2001);
    expect(state.lookups).toBe(1);
    now += 2;
    expect(await codeOf(auth.authenticate(request('new-secret', 'p'.repeat(16), now)))).toBe(0);
    expect(await codeOf(auth.authenticate(request('old-secret', 'q'.repeat(16), now)))).toBe(2001);
    expect(state.lookups).toBe(2);
  });

  it("reads the service's one clock by default: an instance 2 s ahead takes its window from there", async () => {
    const state = { secret: 's' as string | null, lookups: 0, nonces: new Set<string>() };
    const auth = createAuthenticator({ engine: fakeEngine(state) });
    setClockOffset(2_000);
    try {
      // 300 s behind the real clock is 302 s behind this instance's: outside the window.
      expect(await codeOf(auth.authenticate(request('s', 'c'.repeat(16), Date.now() - 300_000)))).toBe(2002);
      expect(await codeOf(auth.authenticate(request('s', 'd'.repeat(16), Date.now() - 290_000)))).toBe(0);
    } finally {
      setClockOffset(0);
    }
    expect(await codeOf(auth.authenticate(request('s', 'e'.repeat(16), Date.now() - 299_000)))).toBe(0);
  });

  it('never caches an unknown app, and checks app, signature, timestamp, nonce in that order', async () => {
    const state = { secret: null as string | null, lookups: 0, nonces: new Set<string>() };
    const now = 5_000_000;
    const auth = createAuthenticator({ engine: fakeEngine(state), now: () => now });
    expect(await codeOf(auth.authenticate(request('s', 'a'.repeat(16), now)))).toBe(2004);
    state.secret = 's';
    expect(await codeOf(auth.authenticate(request('s', 'a'.repeat(16), now)))).toBe(0);
    expect(state.lookups).toBe(2);
    // A wrong signature is 2001 even with a stale timestamp; a stale one with a right signature 2002.
    expect(await codeOf(auth.authenticate(request('x', 'b'.repeat(16), now - 400_000)))).toBe(2001);
    expect(await codeOf(auth.authenticate(request('s', 'b'.repeat(16), now - 300_001)))).toBe(2002);
    expect(await codeOf(auth.authenticate(request('s', 'b'.repeat(16), now - 300_000)))).toBe(0);
    // The nonce is spent only by a request that passed the other checks.
    expect(await codeOf(auth.authenticate(request('s', 'b'.repeat(16), now)))).toBe(2003);
  });

  it('admits only a correctly signed, current call, and before its nonce is spent', async () => {
    const state = { secret: 's' as string | null, lookups: 0, nonces: new Set<string>() };
    const now = 5_000_000;
    const auth = createAuthenticator({ engine: fakeEngine(state), now: () => now });
    const admitted: number[] = [];
    const admit = async (app: { id: number }) => {
      admitted.push(app.id);
    };
    expect(await codeOf(auth.authenticate(request('wrong', 'c'.repeat(16), now), admit))).toBe(2001);
    expect(await codeOf(auth.authenticate(request('s', 'c'.repeat(16), now - 300_001), admit))).toBe(2002);
    expect(admitted).toEqual([]);
    expect(state.nonces.size).toBe(0);
    // A refusal by admit is thrown as it is, and leaves the nonce unspent.
    const refusal = new WalletError(6001, 'refused');
    const refusing = async () => {
      throw refusal;
    };
    await expect(auth.authenticate(request('s', 'c'.repeat(16), now), refusing)).rejects.toBe(refusal);
    expect(state.nonces.size).toBe(0);
    expect(await codeOf(auth.authenticate(request('s', 'c'.repeat(16), now), admit))).toBe(0);
    expect(admitted).toEqual([7]);
    expect([...state.nonces]).toEqual(['c'.repeat(16)]);
  });

  it("tells admit which key signed: the agency's secret, or the app's back-office key", async () => {
    const state = {
      secret: 'agency-key',
      backofficeSecret: 'staff-key',
      lookups: 0,
      nonces: new Set<string>(),
    };
    const now = 5_000_000;
    const auth = createAuthenticator({ engine: fakeEngine(state), now: () => now });
    const signers: string[] = [];
    const admit = async (_app: unknown, signer: string) => {
      signers.push(signer);
    };
    expect(await codeOf(auth.authenticate(request('agency-key', 'd'.repeat(16), now), admit))).toBe(0);
    expect(await codeOf(auth.authenticate(request('staff-key', 'e'.repeat(16), now), admit))).toBe(0);
    expect(await codeOf(auth.authenticate(request('other-key', 'f'.repeat(16), now), admit))).toBe(2001);
    expect(signers).toEqual(['agency', 'backoffice']);
    // One app, one set of nonces: a nonce the agency spent is spent for the back-office too.
    expect(await codeOf(auth.authenticate(request('staff-key', 'd'.repeat(16), now), admit))).toBe(2003);
  });

  it('an app without a back-office key verifies the agency secret alone', async () => {
    const state = { secret: 'agency-key', lookups: 0, nonces: new Set<string>() };
    const auth = createAuthenticator({ engine: fakeEngine(state), now: () => 5_000_000 });
    expect(await codeOf(auth.authenticate(request('staff-key', 'g'.repeat(16), 5_000_000)))).toBe(2001);
  });
});
