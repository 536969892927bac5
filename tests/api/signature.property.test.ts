// Properties of the signature (docs/wallet-api.md "Signature"), over HTTP against the real route
// handlers: any change to the method, the path, a name, a value, or an added or removed parameter
// after signing is refused with 2001, while the order of the parameters never matters.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOperations } from '@/lib/wallet/contract/operations';
import { rfc3986, signRequest } from '@/lib/wallet/contract/signature';
import { freshNonce } from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;
const RUNS = Number(process.env.SIGNATURE_PROPERTY_RUNS ?? 1500);

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
});
afterAll(async () => {
  await server.close();
  await db.close();
});

const OP = walletOperations.agencyAssetList;

/** Extra parameters the operation ignores but the signature covers: names and values of any text. */
const extraParams = fc.uniqueArray(
  fc.tuple(
    fc
      .string({ minLength: 1, maxLength: 12 })
      .filter((n) => !['agencyCode', 'appId', 'timestamp', 'nonce', 'sign'].includes(n)),
    fc.string({ minLength: 1, maxLength: 20 }),
  ),
  { maxLength: 5, selector: ([name]) => name },
);

function basePairs(extra: readonly [string, string][]): [string, string][] {
  return [
    ['agencyCode', TEST_AGENCY.agencyCode],
    ['appId', TEST_AGENCY.appId],
    ['timestamp', String(Date.now())],
    ['nonce', freshNonce()],
    ...extra,
  ];
}

function query(pairs: readonly [string, string][]): string {
  return pairs.map(([n, v]) => `${rfc3986(n)}=${rfc3986(v)}`).join('&');
}

async function send(pairs: readonly [string, string][], method: string = OP.method, path: string = OP.path) {
  const response = await fetch(`${server.baseUrl}${path}?${query(pairs)}`, { method });
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as { code: number } | null,
  };
}

const sign = (pairs: readonly [string, string][], method: string = OP.method, path: string = OP.path) =>
  signRequest(TEST_AGENCY.appSecret, method, path, pairs);

describe('signature properties', () => {
  it('accepts a correctly signed request whatever the order of its parameters', async () => {
    await fc.assert(
      fc.asyncProperty(extraParams, fc.infiniteStream(fc.nat()), async (extra, order) => {
        const pairs = basePairs(extra);
        const signed: [string, string][] = [...pairs, ['sign', sign(pairs)]];
        const shuffled = [...signed];
        for (let i = shuffled.length - 1; i > 0; i--) {
          const j = order.next().value % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const result = await send(shuffled);
        expect(result.body?.code).toBe(0);
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  it('refuses any change to a value, a name, or an added or removed parameter', async () => {
    type Tamper = 'value' | 'name' | 'add' | 'remove';
    await fc.assert(
      fc.asyncProperty(
        extraParams.filter((e) => e.length > 0),
        fc.constantFrom<Tamper>('value', 'name', 'add', 'remove'),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 10 }),
        async (extra, tamper, pick, junk) => {
          const pairs = basePairs(extra);
          const signature = sign(pairs);
          // Tamper only with the free parameters: changing agencyCode/appId/timestamp/nonce
          // would be refused by their own rules (2004, 1002...), which proves nothing here.
          const index = 4 + (pick % extra.length);
          const changed = pairs.map((p) => [...p] as [string, string]);
          const target = changed[index]!;
          if (tamper === 'value') target[1] = target[1] === junk ? `${junk}x` : junk;
          if (tamper === 'name') target[0] = `${target[0]}_${junk}`;
          if (tamper === 'add') changed.push([`added_${junk}`, 'x']);
          if (tamper === 'remove') changed.splice(index, 1);
          if (new Set(changed.map(([n]) => n)).size !== changed.length) return; // a duplicate is 1003, not our case
          const result = await send([...changed, ['sign', signature]]);
          expect(result.status).toBe(200);
          expect(result.body?.code).toBe(2001);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('refuses a request signed for another method or path', async () => {
    const others = Object.values(walletOperations).filter((o) => o.path !== OP.path);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...others),
        fc.constantFrom('GET', 'PUT', 'DELETE', 'post'),
        async (other, method) => {
          const pairs = basePairs([]);
          const wrongPath = await send([...pairs, ['sign', sign(pairs, OP.method, other.path)]]);
          expect(wrongPath.body?.code).toBe(2001);
          const fresh = basePairs([]);
          const wrongMethod = await send([...fresh, ['sign', sign(fresh, method, OP.path)]]);
          // 'post' upper-cases to POST, the same method: that one must be accepted.
          expect(wrongMethod.body?.code).toBe(method.toUpperCase() === OP.method ? 0 : 2001);
        },
      ),
      { numRuns: Math.ceil(RUNS / 5) },
    );
  });

  it('refuses a signature made with any other secret', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 64 }).filter((s) => s !== TEST_AGENCY.appSecret),
        async (secret) => {
          const pairs = basePairs([]);
          const result = await send([...pairs, ['sign', signRequest(secret, OP.method, OP.path, pairs)]]);
          expect(result.body?.code).toBe(2001);
        },
      ),
      { numRuns: Math.ceil(RUNS / 5) },
    );
  });
});
