// Every parameter of every operation has a length bound that holds before anything reaches a
// statement (docs/security.md "Input bounds"): a very long value, or odd bytes, in any parameter
// is 1002 naming that parameter, never a 5xx; a query string over MAX_QUERY_LENGTH is 1002 as a
// whole. The server runs the real rate limiter, which once stored whatever appId it was given
// (an 8,000-character one answered 500). Exhaustive over the catalogue, not sampled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import { MAX_QUERY_LENGTH } from '@/lib/wallet/service/http/handle-request';
import { freshNonce } from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer({
    rateLimitRps: 1_000,
    // Odd bytes and queries at the length limit must reach the service as sent: Prism re-encodes
    // the query, which moved them past the limit of the request line.
    direct: 'tests the bounds of the raw query string',
  });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

/** A value each required parameter's rule accepts; validation comes before any lookup. */
const VALID: Record<string, string> = {
  agencyCode: TEST_AGENCY.agencyCode,
  appId: TEST_AGENCY.appId,
  sign: 'ab'.repeat(32),
  appUserId: 'u-1',
  email: 'u-1@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  birthday: '1990-04-12',
  mobile: '1-4155550100',
  region: 'United States',
  documentType: 'PASSPORT',
  documentNo: 'X1234567',
  photos: 'https://files.example.com/a.png',
  paymentAssetId: '1',
  categoryId: '1',
  embossedName: 'JANE DOE',
  country: 'US',
  city: 'Austin',
  street: '1 Congress Ave',
  cardId: '1',
  reason: 'LOST',
  fromAssetId: '1',
  toAssetId: '2',
  amount: '1.00',
  assetId: '1',
  addressId: '1',
  q: 'jane',
  url: 'https://93.184.215.14/hooks',
  events: '*',
  endpointId: '1',
  eventId: `evt_${'a'.repeat(24)}`,
  merchantName: 'Corner Cafe',
  chain: 'ETHEREUM',
  address: `0x${'1'.repeat(40)}`,
  txHash: `0x${'a'.repeat(64)}`,
  fromAddress: `0x${'2'.repeat(40)}`,
  depositId: '1',
  confirmations: '1',
  decision: 'CREDIT',
  note: 'Checked the sender',
  mcc: '5812',
  merchantCountry: 'US',
  authorizationId: '1',
  transactionId: '1',
  disputeId: '1',
  evidence: 'Tracking shows no delivery',
  outcome: 'WON',
};

/** Where an operation's valid value differs from VALID's (a dispute's reason is not a card's). */
const VALID_FOR: Partial<Record<WalletOperationName, Record<string, string>>> = {
  disputeCreate: { reason: 'OTHER' },
};

/** Long and odd values, each as it goes on the wire (already escaped). */
const WIRE_VALUES: [label: string, wire: string][] = [
  ['12,000 letters', 'a'.repeat(12_000)],
  ['8,000 digits', '9'.repeat(8_000)],
  ['1,000 emoji', encodeURIComponent('😀'.repeat(1_000))],
  ['2,000 accented letters', encodeURIComponent('é'.repeat(2_000))],
  ['1,000 NULs', '%00'.repeat(1_000)],
  ['3,000 bytes that are not UTF-8', '%FF'.repeat(3_000)],
  ['3,000 lone surrogates as UTF-8 bytes', '%ED%A0%80'.repeat(1_000)],
  ['5,000 plus signs (spaces)', '+'.repeat(5_000)],
];

const OPERATIONS = Object.keys(walletOperations) as WalletOperationName[];

function isRequired(op: WalletOperationName, name: string): boolean {
  const shape = walletOperations[op].params.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean } }
  >;
  return !shape[name]!.safeParse(undefined).success;
}

/** Whether the parameter's schema takes the value `wire` stands for (as the query decodes it). */
function accepts(op: WalletOperationName, name: string, wire: string): boolean {
  let value: string;
  try {
    value = decodeURIComponent(wire.replace(/\+/g, ' '));
  } catch {
    return false;
  }
  const shape = walletOperations[op].params.shape as Record<
    string,
    { safeParse(v: unknown): { success: boolean } }
  >;
  return shape[name]!.safeParse(value).success;
}

/** The operation's required parameters, valid, with `name` set to `wire` (sent as it is). */
function queryWith(op: WalletOperationName, name: string, wire: string): string {
  const parts: string[] = [];
  for (const other of Object.keys(walletOperations[op].params.shape)) {
    if (other === name || !isRequired(op, other)) continue;
    const value =
      other === 'timestamp'
        ? String(Date.now())
        : other === 'nonce'
          ? freshNonce()
          : (VALID_FOR[op]?.[other] ?? VALID[other]);
    if (value === undefined) throw new Error(`no valid value for ${op}.${other}: add one to VALID`);
    parts.push(`${other}=${encodeURIComponent(value)}`);
  }
  parts.push(`${name}=${wire}`);
  return parts.join('&');
}

async function send(op: WalletOperationName, query: string) {
  const { method, path } = walletOperations[op];
  const response = await fetch(`${server.baseUrl}${path}?${query}`, { method });
  const text = await response.text();
  return { status: response.status, text };
}

describe('a very long or odd value in any parameter', () => {
  it.each(OPERATIONS)('%s: 1002 naming the parameter, for each parameter and value', async (op) => {
    const wrong: string[] = [];
    for (const name of Object.keys(walletOperations[op].params.shape)) {
      for (const [label, wire] of WIRE_VALUES) {
        // A value the parameter takes is not odd for it (2,000 accented letters are an explanation
        // of a dispute within its 2,000 characters): only values its schema refuses are sent.
        if (accepts(op, name, wire)) continue;
        const query = queryWith(op, name, wire);
        expect(query.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
        const { status, text } = await send(op, query);
        const body = JSON.parse(text) as { code: number; data?: { field?: string } };
        if (status !== 200 || body.code !== 1002 || body.data?.field !== name) {
          wrong.push(`${name} = ${label}: HTTP ${status} ${text.slice(0, 160)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('the appId reported: 8,000 characters unsigned is 1002 on appId, not 500', async () => {
    const query = `agencyCode=${TEST_AGENCY.agencyCode}&appId=${'x'.repeat(8_000)}`;
    const { status, text } = await send('agencyAssetList', query);
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({
      code: 1002,
      msg: "appId must be 1-64 letters, digits, '_', '.' or '-'.",
      data: { field: 'appId', rule: "must be 1-64 letters, digits, '_', '.' or '-'" },
    });
  });
});

describe('the query string as a whole', () => {
  it.each(OPERATIONS)('%s: over MAX_QUERY_LENGTH is 1002 for the query, before it is parsed', async (op) => {
    // Repeated names would be 1003 if the query were parsed: it is not.
    const query = `x=1&x=2&${'a'.repeat(MAX_QUERY_LENGTH)}`;
    const { status, text } = await send(op, query);
    expect(status).toBe(200);
    expect(JSON.parse(text)).toEqual({
      code: 1002,
      msg: `The query string must be at most ${MAX_QUERY_LENGTH} characters.`,
    });
  });

  it("beyond Node's 16 KiB request head, Node's own 431: still not a 5xx", async () => {
    const { status } = await send('categoryList', 'a'.repeat(40_000));
    expect(status).toBe(431);
  });
});
