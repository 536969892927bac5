// Deposits and KYT over HTTP against the real service (docs/deposits-and-kyt.md): deposit
// addresses checked with the outside libraries (the address derived again here from the sealed
// seed with @scure/bip32 and @noble/curves, EIP-55 computed with keccak-256, TRON's base58check
// decoded with its version byte), the chain watcher's messages, confirmations per chain, the
// rounding of the credited amount, every KYT rule and level, release and its codes, the list's
// cursors, the events, and WALLET_SIMULATION=false.
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawRows } from '@/lib/db/open';
import { walletReleaseKey } from '@/lib/env';
import { isSealed } from '@/lib/secrets/secret-box';
import { releaseApproval } from '@/lib/wallet/contract/release-approval';
import {
  depositAddressSchema,
  depositPageSchema,
  depositSchema,
  kytRulesSchema,
  ledgerPageSchema,
  type Deposit,
  type DepositPage,
  type KytRules,
} from '@/lib/wallet/contract/schemas';
import type { WalletOperationName } from '@/lib/wallet/contract/operations';
import { apps, depositSeeds, users } from '@/lib/wallet/service/db/schema';
import { configuredSecretBox } from '@/lib/wallet/service/secrets/app-secrets';
import { ethSender, ethTxHash, hex64 } from '../helpers/deposits';
import { callWallet, failureDataProblem, kycParams, type Envelope } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';
import { ledgerSumsToBalances, walletState } from '../helpers/wallet-state';

let db: TestDatabase;
let server: WalletTestServer;
let base: string;

const OTHER = {
  agencyCode: OTHER_AGENCY.agencyCode,
  appId: OTHER_AGENCY.appId,
  secret: OTHER_AGENCY.appSecret,
};
type Params = Record<string, string | number | boolean | undefined>;
type Result = { status: number; body: Envelope; text: string };

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  base = server.baseUrl;
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

async function ok<T>(operation: WalletOperationName, params: Params, options = {}): Promise<T> {
  const r = await callWallet<T>(base, operation, params, options);
  expect(r.status).toBe(200);
  expect(r.body.code, `${operation}: ${r.body.msg}`).toBe(0);
  return r.body.data as T;
}

/** A refused call: its code, no data beyond the field, and the wallet exactly as before. */
async function refused(
  operation: WalletOperationName,
  params: Params,
  code: number,
  options = {},
): Promise<Result> {
  const before = await walletState(db.db);
  const r = await callWallet(base, operation, params, options);
  expect(r.status).toBe(200);
  expect(r.body.code, r.body.msg).toBe(code);
  expect(failureDataProblem(r.body)).toBeNull();
  expect(await walletState(db.db)).toEqual(before);
  return r;
}

let seq = 0;
async function newUser(options = {}): Promise<string> {
  const appUserId = `dep-${++seq}`;
  await ok('registerAndKyc', kycParams(appUserId), options);
  return appUserId;
}

async function addressOf(appUserId: string, chain: 'ETHEREUM' | 'TRON', options = {}): Promise<string> {
  return depositAddressSchema.parse(await ok('depositAddress', { appUserId, chain }, options)).address;
}

async function walletOf(appUserId: string, options = {}): Promise<{ assetId: number; balance: number }> {
  const list = await ok<{ assetId: number; type: string; balance: number }[]>(
    'userAssetList',
    { appUserId },
    options,
  );
  return list.find((a) => a.type === 'WALLET')!;
}

let tx = 0;
/** A deposit on ETHEREUM to the user's address; confirmations 12 unless given. */
async function deposit(appUserId: string, amount: string, more: Params = {}, options = {}): Promise<Deposit> {
  const address = await addressOf(appUserId, 'ETHEREUM', options);
  return depositSchema.parse(
    await ok(
      'simulateDeposit',
      {
        chain: 'ETHEREUM',
        address,
        txHash: ethTxHash(`deposits-test-${++tx}`),
        amount,
        fromAddress: ethSender('plain'),
        confirmations: 12,
        ...more,
      },
      options,
    ),
  );
}

/** kyt/rules/set; a list given as '' is sent empty ("given empty"), unsigned like every empty value. */
async function setRules(params: Params): Promise<KytRules> {
  const empty = Object.keys(params).filter((name) => params[name] === '');
  const extraQuery = empty.map((name) => `${name}=`).join('&');
  return kytRulesSchema.parse(await ok('kytRulesSet', params, extraQuery ? { extraQuery } : {}));
}

const DEFAULT_RULES: KytRules = {
  blockedAddresses: [],
  reviewAddresses: [],
  reviewAmount: 1000,
  severeAmount: 10000,
  apiRelease: true,
};

// ---------------------------------------------------------------- addresses

/** The address derived again here from the app's seed, with the outside libraries only. */
async function expectedAddress(appUserId: string, chain: 'ETHEREUM' | 'TRON'): Promise<string> {
  const [row] = await db.db
    .select({ seed: depositSeeds.seed, userId: users.id })
    .from(users)
    .innerJoin(apps, eq(apps.id, users.appId))
    .innerJoin(depositSeeds, eq(depositSeeds.appId, apps.id))
    .where(eq(users.appUserId, appUserId));
  expect(isSealed(row!.seed)).toBe(true);
  const seed = Buffer.from(configuredSecretBox().open(row!.seed), 'base64');
  expect(seed).toHaveLength(32);
  const key = HDKey.fromMasterSeed(seed).derive(
    `m/44'/${chain === 'ETHEREUM' ? 60 : 195}'/0'/0/${row!.userId}`,
  );
  const point = secp256k1.Point.fromBytes(key.publicKey!).toBytes(false);
  const account = keccak_256(point.subarray(1)).subarray(12);
  if (chain === 'ETHEREUM') return `0x${bytesToHex(account)}`;
  return createBase58check(sha256).encode(Uint8Array.from([0x41, ...account]));
}

/** EIP-55: each hex letter upper-cased where the keccak-256 of the lower-case address has a nibble >= 8. */
function eip55(address: string): string {
  const hex = address.slice(2);
  const hash = bytesToHex(keccak_256(new TextEncoder().encode(hex)));
  return `0x${[...hex].map((c, i) => (parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c)).join('')}`;
}

describe('deposit/address', () => {
  it('ETHEREUM: 0x and 40 hex in its EIP-55 checksummed form, the one the seed derives, the same on every call', async () => {
    const user = await newUser();
    const data = await ok('depositAddress', { appUserId: user, chain: 'ETHEREUM' });
    expect(Object.keys(data as object).sort()).toEqual(['address', 'appUserId', 'chain']);
    const { address } = depositAddressSchema.parse(data);
    expect(data).toEqual({ appUserId: user, chain: 'ETHEREUM', address });
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(address).toBe(eip55(address.toLowerCase()));
    expect(address).toMatch(/[A-F]/); // a mixed-case checksum, as wallets show it
    // Compared case-insensitively: the seed's address is the same 20 bytes.
    expect(address.toLowerCase()).toBe(await expectedAddress(user, 'ETHEREUM'));
    expect(await addressOf(user, 'ETHEREUM')).toBe(address);
  });

  it("TRON: 'T' and 33 base58 characters, base58check with version byte 0x41, the one the seed derives", async () => {
    const user = await newUser();
    const address = await addressOf(user, 'TRON');
    expect(address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    const payload = createBase58check(sha256).decode(address);
    expect(payload).toHaveLength(21);
    expect(payload[0]).toBe(0x41);
    expect(address).toBe(await expectedAddress(user, 'TRON'));
    expect(await addressOf(user, 'TRON')).toBe(address);
    // A character changed breaks the checksum.
    const broken = `${address.slice(0, -1)}${address.endsWith('1') ? '2' : '1'}`;
    expect(() => createBase58check(sha256).decode(broken)).toThrow();
  });

  it('one address per user and chain: users and chains differ; ten first calls at once agree', async () => {
    const [a, b] = [await newUser(), await newUser()];
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        callWallet<{ address: string }>(base, 'depositAddress', { appUserId: a, chain: 'TRON' }),
      ),
    );
    expect(results.map((r) => r.body.code)).toEqual(Array(10).fill(0));
    expect(new Set(results.map((r) => r.body.data!.address)).size).toBe(1);
    expect(await addressOf(b, 'TRON')).not.toBe(results[0]!.body.data!.address);
    const [counted] = await rawRows<{ n: number }>(
      db.db,
      sql`select count(*)::int as n from wallet.deposit_addresses a join wallet.users u on u.id = a.user_id where u.app_user_id = ${a}`,
    );
    expect(counted?.n).toBe(1);
  });

  it('an unknown user is 3001; a chain that is not ETHEREUM or TRON is 1002', async () => {
    await refused('depositAddress', { appUserId: 'dep-nobody', chain: 'ETHEREUM' }, 3001);
    const r = await refused('depositAddress', { appUserId: 'dep-nobody', chain: 'BITCOIN' }, 1002);
    expect(r.body.data).toEqual({ field: 'chain', rule: 'must be one of ETHEREUM, TRON' });
  });
});

// ---------------------------------------------------------------- the chain watcher

describe('simulate/deposit and simulate/confirm', () => {
  it('a deposit waits CONFIRMING until 12 confirmations on ETHEREUM, then is credited once, rounded down to cents', async () => {
    const user = await newUser();
    const address = await addressOf(user, 'ETHEREUM');
    const wallet = await walletOf(user);
    const txHash = ethTxHash('rounding');
    const sender = ethSender('rounding');
    const first = depositSchema.parse(
      await ok('simulateDeposit', {
        chain: 'ETHEREUM',
        address,
        txHash: txHash.toUpperCase().replace('0X', '0x'),
        amount: '10.129999',
        fromAddress: sender.toUpperCase().replace('0X', '0x'),
        logIndex: 3,
      }),
    );
    expect(first).toEqual({
      depositId: first.depositId,
      appUserId: user,
      chain: 'ETHEREUM',
      txHash,
      logIndex: 3,
      fromAddress: eip55(sender), // sent in upper case, answered as wallets show it
      address,
      amount: 10.129999,
      creditedAmount: 10.12,
      confirmations: 0,
      requiredConfirmations: 12,
      status: 'CONFIRMING',
      risk: null,
      note: null,
      createdAt: first.createdAt,
      creditedAt: null,
    });
    const eleven = depositSchema.parse(
      await ok('simulateConfirm', { depositId: first.depositId, confirmations: 11 }),
    );
    expect(eleven).toMatchObject({ status: 'CONFIRMING', confirmations: 11, risk: null });
    expect((await walletOf(user)).balance).toBe(0);

    const twelve = depositSchema.parse(
      await ok('simulateConfirm', { depositId: first.depositId, confirmations: 12 }),
    );
    // 10.129999 is under a tenth of reviewAmount: no reason, LOW.
    expect(twelve).toMatchObject({
      status: 'CREDITED',
      confirmations: 12,
      risk: { level: 'LOW', reasons: [] },
    });
    expect(twelve.creditedAt).not.toBeNull();
    expect((await walletOf(user)).balance).toBe(10.12);

    // Repeats of both messages change nothing and answer the same deposit.
    expect(
      depositSchema.parse(await ok('simulateConfirm', { depositId: first.depositId, confirmations: 40 })),
    ).toMatchObject({
      depositId: first.depositId,
      status: 'CREDITED',
      confirmations: 40,
    });
    const again = depositSchema.parse(
      await ok('simulateDeposit', {
        chain: 'ETHEREUM',
        address,
        txHash,
        amount: '10.129999',
        fromAddress: sender,
        logIndex: 3,
      }),
    );
    expect(again.depositId).toBe(first.depositId);
    expect(again.status).toBe('CREDITED');
    expect((await walletOf(user)).balance).toBe(10.12);

    const ledger = ledgerPageSchema.parse(await ok('assetLedger', { assetId: wallet.assetId }));
    expect(ledger.list.map((e) => [e.type, e.amount, e.balanceAfter])).toEqual([['DEPOSIT', 10.12, 10.12]]);
    const filtered = ledgerPageSchema.parse(
      await ok('assetLedger', { assetId: wallet.assetId, type: 'DEPOSIT' }),
    );
    expect(filtered.dataTotal).toBe(1);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('addresses are checked for their checksum, 1002 naming the field: a TRON base58check, a mixed-case EIP-55; lower case finds the EIP-55 address', async () => {
    const user = await newUser();
    const eth = await addressOf(user, 'ETHEREUM');
    const tron = await addressOf(user, 'TRON');
    const tronSender = await addressOf(await newUser(), 'TRON');
    const brokenTron = `${tronSender.slice(0, -1)}${tronSender.endsWith('1') ? '2' : '1'}`;
    const tronValid = {
      chain: 'TRON',
      address: tron,
      txHash: hex64('checksums'),
      amount: '1',
      fromAddress: tronSender,
    };
    const tronChecksum = 'must be a TRON address with a valid base58check checksum and version byte 0x41';
    const ethChecksum = 'must be an ETHEREUM address with a valid EIP-55 checksum (or in one case)';
    expect(
      (await refused('simulateDeposit', { ...tronValid, fromAddress: brokenTron }, 1002)).body.data,
    ).toEqual({ field: 'fromAddress', rule: tronChecksum });
    const brokenOwn = `${tron.slice(0, -1)}${tron.endsWith('1') ? '2' : '1'}`;
    expect((await refused('simulateDeposit', { ...tronValid, address: brokenOwn }, 1002)).body.data).toEqual({
      field: 'address',
      rule: tronChecksum,
    });
    // A mixed-case Ethereum sender with one letter in the wrong case.
    const sender = eip55(ethSender('checksums'));
    const flip = sender.search(/[a-fA-F]/);
    const c = sender[flip]!;
    const wrongCase = `${sender.slice(0, flip)}${c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase()}${sender.slice(flip + 1)}`;
    const ethValid = {
      chain: 'ETHEREUM',
      address: eth,
      txHash: ethTxHash('checksums'),
      amount: '1',
      fromAddress: sender,
    };
    expect(
      (await refused('simulateDeposit', { ...ethValid, fromAddress: wrongCase }, 1002)).body.data,
    ).toEqual({
      field: 'fromAddress',
      rule: ethChecksum,
    });
    // kyt/rules/set lists the same addresses as refused, whichever list, changing nothing.
    const listRule =
      'must be addresses with valid checksums: EIP-55 for a mixed-case ETHEREUM address, base58check for TRON';
    expect((await refused('kytRulesSet', { blockedAddresses: brokenTron }, 1002)).body.data).toEqual({
      field: 'blockedAddresses',
      rule: listRule,
    });
    expect(
      (await refused('kytRulesSet', { reviewAddresses: `${ethSender('ok')},${wrongCase}` }, 1002)).body.data,
    ).toEqual({ field: 'reviewAddresses', rule: listRule });
    // The deposit address given in lower case is the same address; answered in EIP-55 form.
    const d = depositSchema.parse(await ok('simulateDeposit', { ...ethValid, address: eth.toLowerCase() }));
    expect([d.address, d.fromAddress]).toEqual([eth, sender]);
    expect(depositSchema.parse(await ok('simulateDeposit', tronValid))).toMatchObject({
      address: tron,
      fromAddress: tronSender,
    });
  });

  it('the same txHash with another logIndex is another deposit', async () => {
    const user = await newUser();
    const address = await addressOf(user, 'ETHEREUM');
    const common = {
      chain: 'ETHEREUM',
      address,
      txHash: ethTxHash('two-logs'),
      amount: '2',
      fromAddress: ethSender('x'),
      confirmations: 12,
    };
    const a = depositSchema.parse(await ok('simulateDeposit', { ...common, logIndex: 0 }));
    const b = depositSchema.parse(await ok('simulateDeposit', { ...common, logIndex: 1 }));
    expect(a.depositId).not.toBe(b.depositId);
    expect((await walletOf(user)).balance).toBe(4);
  });

  it('TRON waits for 19 confirmations; its txHash is 64 hex without 0x', async () => {
    const user = await newUser();
    const address = await addressOf(user, 'TRON');
    const sender = await addressOf(await newUser(), 'TRON');
    const d = depositSchema.parse(
      await ok('simulateDeposit', {
        chain: 'TRON',
        address,
        txHash: hex64('tron-1'),
        amount: '3.5',
        fromAddress: sender,
        confirmations: 18,
      }),
    );
    expect(d).toMatchObject({
      status: 'CONFIRMING',
      requiredConfirmations: 19,
      confirmations: 18,
      txHash: hex64('tron-1'),
    });
    expect(
      depositSchema.parse(await ok('simulateConfirm', { depositId: d.depositId, confirmations: 19 })).status,
    ).toBe('CREDITED');
    expect((await walletOf(user)).balance).toBe(3.5);
  });

  it("refuses, changing nothing: an address that is no deposit address of this app (1002 address), the chain's forms (1002), 4016 for another app's deposit", async () => {
    const user = await newUser();
    const eth = await addressOf(user, 'ETHEREUM');
    const tron = await addressOf(user, 'TRON');
    const valid = {
      chain: 'ETHEREUM',
      address: eth,
      txHash: ethTxHash('refusals'),
      amount: '1',
      fromAddress: ethSender('r'),
    };
    const rule = (r: Result) => r.body.data;
    expect(
      rule(await refused('simulateDeposit', { ...valid, address: ethSender('not ours') }, 1002)),
    ).toEqual({
      field: 'address',
      rule: 'must be a deposit address of this app on ETHEREUM',
    });
    expect(rule(await refused('simulateDeposit', { ...valid, address: tron }, 1002))).toEqual({
      field: 'address',
      rule: 'must be an ETHEREUM address: 0x and 40 hex characters',
    });
    expect(rule(await refused('simulateDeposit', { ...valid, chain: 'TRON', address: tron }, 1002))).toEqual({
      field: 'txHash',
      rule: 'must be a TRON txHash: 64 hex characters',
    });
    expect(rule(await refused('simulateDeposit', { ...valid, txHash: hex64('no-prefix') }, 1002))).toEqual({
      field: 'txHash',
      rule: 'must be an ETHEREUM txHash: 0x and 64 hex characters',
    });
    expect(rule(await refused('simulateDeposit', { ...valid, fromAddress: tron }, 1002))).toEqual({
      field: 'fromAddress',
      rule: 'must be an ETHEREUM address: 0x and 40 hex characters',
    });
    expect(rule(await refused('simulateDeposit', { ...valid, amount: '1.0000001' }, 1002))).toMatchObject({
      field: 'amount',
    });
    expect(rule(await refused('simulateDeposit', { ...valid, amount: '0' }, 1002))).toMatchObject({
      field: 'amount',
    });
    // The other app cannot deposit to this app's address, nor see or confirm its deposits.
    expect(rule(await refused('simulateDeposit', valid, 1002, OTHER))).toMatchObject({ field: 'address' });
    const mine = depositSchema.parse(await ok('simulateDeposit', valid));
    await refused('simulateConfirm', { depositId: mine.depositId, confirmations: 12 }, 4016, OTHER);
    await refused('simulateConfirm', { depositId: 999_999, confirmations: 12 }, 4016);
    // The other app's own address with this app's txHash: one chain transfer is one deposit.
    const otherUser = await newUser(OTHER);
    const otherAddress = await addressOf(otherUser, 'ETHEREUM', OTHER);
    expect(rule(await refused('simulateDeposit', { ...valid, address: otherAddress }, 1002, OTHER))).toEqual({
      field: 'txHash',
      rule: 'must not be a deposit of another app',
    });
  });

  it('with WALLET_SIMULATION=false the simulate operations are not served (HTTP 404, 1005); the rest is', async () => {
    const live = await startWalletServer({ simulation: false });
    try {
      const user = await newUser();
      const address = await addressOf(user, 'ETHEREUM');
      for (const [operation, params] of [
        [
          'simulateDeposit',
          { chain: 'ETHEREUM', address, txHash: ethTxHash('live'), amount: '1', fromAddress: ethSender('l') },
        ],
        ['simulateConfirm', { depositId: 1, confirmations: 12 }],
      ] as const) {
        const r = await callWallet(live.baseUrl, operation, params);
        expect(r.status).toBe(404);
        expect(r.body).toEqual({ code: 1005, msg: 'There is no wallet operation at this path.' });
      }
      expect((await callWallet(live.baseUrl, 'depositList', {})).body.code).toBe(0);
      expect(
        (await callWallet(live.baseUrl, 'depositAddress', { appUserId: user, chain: 'TRON' })).body.code,
      ).toBe(0);
    } finally {
      await live.close();
    }
  });
});

// ---------------------------------------------------------------- KYT

/** The back-office's approval of a release of the test app's deposit (docs/deposits-and-kyt.md "deposit/release"). */
function approvalOf(depositId: number, decision: 'CREDIT' | 'REJECT'): string {
  return releaseApproval(walletReleaseKey(), {
    agencyCode: TEST_AGENCY.agencyCode,
    appId: TEST_AGENCY.appId,
    depositId,
    decision,
  });
}

describe('KYT rule changes', () => {
  it('kyt/rules/set is an event kyt.rules_changed with the rules before and after; a set that changes nothing writes none', async () => {
    const changes = async () =>
      (
        await ok<{ list: { type: string; data: unknown }[] }>('eventList', {
          type: 'kyt.rules_changed',
          pageSize: 100,
        })
      ).list.map((e) => e.data);
    const before = await changes();
    // The loosening of the issue: severeAmount raised out of reach, from the app's key.
    const loose = { ...DEFAULT_RULES, severeAmount: 1_000_000_000 };
    expect(await setRules({ severeAmount: '1000000000' })).toEqual(loose);
    const after = await changes();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toEqual({ before: DEFAULT_RULES, after: loose });
    await setRules({ severeAmount: '1000000000.00' });
    expect(await changes()).toHaveLength(after.length);
    await setRules({ severeAmount: '10000' });
    expect((await changes())[0]).toEqual({ before: loose, after: DEFAULT_RULES });
    const hooked = await ok<{ events: string[] }>('webhookAdd', {
      url: 'https://93.184.215.14/kyt',
      events: 'kyt.rules_changed',
    });
    expect(hooked.events).toEqual(['kyt.rules_changed']);
  });

  it("apiRelease=false: deposit/release with the API key alone is 4016, changing nothing; with the back-office's approval it releases", async () => {
    const user = await newUser();
    const held = await deposit(user, '20000');
    expect(held.status).toBe('HELD');
    expect(await setRules({ apiRelease: 'false' })).toEqual({ ...DEFAULT_RULES, apiRelease: false });
    try {
      const release = { depositId: held.depositId, decision: 'CREDIT', note: 'Known sender' };
      const r = await refused('depositRelease', release, 4016);
      expect(r.body.msg).toBe(
        "This app's held deposits are released only through the back-office's two-person approval (apiRelease is false).",
      );
      // An approval of another decision, or of another deposit, is no approval of this one.
      await refused('depositRelease', { ...release, approval: approvalOf(held.depositId, 'REJECT') }, 4016);
      await refused(
        'depositRelease',
        { ...release, approval: approvalOf(held.depositId + 1, 'CREDIT') },
        4016,
      );
      const released = depositSchema.parse(
        await ok('depositRelease', { ...release, approval: approvalOf(held.depositId, 'CREDIT') }),
      );
      expect(released).toMatchObject({ status: 'CREDITED', note: 'Known sender' });
      expect((await walletOf(user)).balance).toBe(20000);
    } finally {
      expect(await setRules({ apiRelease: 'true' })).toEqual(DEFAULT_RULES);
    }
    // apiRelease true again: the API key releases on its own.
    const again = await deposit(await newUser(), '20000');
    expect(
      depositSchema.parse(
        await ok('depositRelease', { depositId: again.depositId, decision: 'REJECT', note: 'Unknown' }),
      ).status,
    ).toBe('REJECTED');
  });
});

describe('KYT rules and screening', () => {
  it('kyt/rules: the defaults; kyt/rules/set changes what is given, keeps what is absent, clears what is given empty', async () => {
    expect(await ok('kytRules', {})).toEqual(DEFAULT_RULES);
    const [a, b] = [ethSender('blocked-a'), ethSender('blocked-b')];
    const tron = await addressOf(await newUser(), 'TRON');
    expect(
      await setRules({
        blockedAddresses: `${b.toUpperCase().replace('0X', '0x')}, ${a},${a}`,
        reviewAddresses: tron,
      }),
    ).toEqual({ ...DEFAULT_RULES, blockedAddresses: [a, b].sort(), reviewAddresses: [tron] });
    expect(await setRules({ reviewAmount: '500.5', severeAmount: '2000' })).toEqual({
      blockedAddresses: [a, b].sort(),
      reviewAddresses: [tron],
      reviewAmount: 500.5,
      severeAmount: 2000,
      apiRelease: true,
    });
    // Given empty clears (the empty value is not signed, like every empty parameter).
    expect(await setRules({ blockedAddresses: '' })).toEqual({
      blockedAddresses: [],
      reviewAddresses: [tron],
      reviewAmount: 500.5,
      severeAmount: 2000,
      apiRelease: true,
    });
    expect(await ok('kytRules', {})).toEqual({
      blockedAddresses: [],
      reviewAddresses: [tron],
      reviewAmount: 500.5,
      severeAmount: 2000,
      apiRelease: true,
    });
    expect(await setRules({ reviewAddresses: '', reviewAmount: '1000', severeAmount: '10000' })).toEqual(
      DEFAULT_RULES,
    );
    // The other app's rules are its own.
    expect(await ok('kytRules', {}, OTHER)).toEqual(DEFAULT_RULES);
    const r = await refused('kytRulesSet', { blockedAddresses: 'not-an-address' }, 1002);
    expect(r.body.data).toMatchObject({ field: 'blockedAddresses' });
  });

  it('LOW: nothing found, credited', async () => {
    const user = await newUser();
    expect(await deposit(user, '5')).toMatchObject({
      status: 'CREDITED',
      risk: { level: 'LOW', reasons: [] },
    });
  });

  it('FIRST_DEPOSIT_LARGE: the first deposit at a tenth of reviewAmount is MEDIUM, credited; the second is not flagged', async () => {
    const user = await newUser();
    expect(await deposit(user, '100')).toMatchObject({
      status: 'CREDITED',
      risk: { level: 'MEDIUM', reasons: ['FIRST_DEPOSIT_LARGE'] },
    });
    expect(await deposit(user, '100')).toMatchObject({
      status: 'CREDITED',
      risk: { level: 'LOW', reasons: [] },
    });
    const other = await newUser();
    expect((await deposit(other, '99.999999')).risk).toEqual({ level: 'LOW', reasons: [] });
    expect((await walletOf(user)).balance).toBe(200);
  });

  it('VELOCITY: the deposits of 24 h, this one included, reaching reviewAmount are MEDIUM, credited; older hours do not count', async () => {
    const user = await newUser();
    await deposit(user, '50');
    expect((await deposit(user, '900')).risk).toEqual({ level: 'LOW', reasons: [] });
    expect(await deposit(user, '50')).toMatchObject({
      status: 'CREDITED',
      risk: { level: 'MEDIUM', reasons: ['VELOCITY'] },
    });
    // A day-old running total neither counts nor stays.
    const fresh = await newUser();
    const [row] = await rawRows<{ id: number }>(
      db.db,
      sql`select id from wallet.users where app_user_id = ${fresh}`,
    );
    const id = row!.id;
    const hour = Math.floor(Date.now() / 3_600_000);
    await db.db.execute(
      sql`insert into wallet.deposit_velocity (user_id, hour, amount) values (${id}, ${hour - 24}, 5000000000), (${id}, ${hour - 23}, 1)`,
    );
    // The user's row keeps the sum of its hourly rows, as screening leaves it.
    await db.db.execute(
      sql`insert into wallet.deposit_users (user_id, first_deposit_id, velocity_amount) values (${id}, 0, 5000000001)`,
    );
    expect((await deposit(fresh, '999.999998')).risk).toEqual({ level: 'LOW', reasons: [] });
    expect((await deposit(fresh, '0.000001')).risk).toEqual({ level: 'MEDIUM', reasons: ['VELOCITY'] });
    const buckets = await rawRows<{ hour: string }>(
      db.db,
      sql`select hour::text from wallet.deposit_velocity where user_id = ${id} order by hour`,
    );
    expect(buckets.map((b) => Number(b.hour))).toEqual([hour - 23, hour]);
    // The day-old hour left the user's total as it left the rows: 1 + 999.999998 + 0.000001.
    const [total] = await rawRows<{ velocity_amount: string }>(
      db.db,
      sql`select velocity_amount::text from wallet.deposit_users where user_id = ${id}`,
    );
    expect(total!.velocity_amount).toBe('1000000000');
  });

  it('VELOCITY_SEVERE: twelve deposits of 9,999.99 from one sender within a minute: the first credited, the rest HIGH and held', async () => {
    const user = await newUser();
    const from = ethSender('structuring');
    const deposits: Deposit[] = [];
    for (let i = 0; i < 12; i++) deposits.push(await deposit(user, '9999.99', { fromAddress: from }));
    expect(deposits[0]).toMatchObject({
      status: 'CREDITED',
      risk: { level: 'MEDIUM', reasons: ['AMOUNT_OVER_REVIEW', 'FIRST_DEPOSIT_LARGE', 'VELOCITY'] },
    });
    for (const held of deposits.slice(1)) {
      expect(held).toMatchObject({
        status: 'HELD',
        creditedAt: null,
        risk: { level: 'HIGH', reasons: ['AMOUNT_OVER_REVIEW', 'VELOCITY', 'VELOCITY_SEVERE'] },
      });
    }
    expect((await walletOf(user)).balance).toBe(9999.99);
  });

  it('AMOUNT_OVER_REVIEW is MEDIUM and credited; AMOUNT_OVER_SEVERE is HIGH and held, crediting nothing', async () => {
    const user = await newUser();
    await deposit(user, '1');
    expect(await deposit(user, '1000')).toMatchObject({
      status: 'CREDITED',
      risk: { level: 'MEDIUM', reasons: ['AMOUNT_OVER_REVIEW', 'VELOCITY'] },
    });
    const other = await newUser();
    await deposit(other, '1');
    const held = await deposit(other, '10000');
    expect(held).toMatchObject({
      status: 'HELD',
      creditedAt: null,
      risk: {
        level: 'HIGH',
        reasons: ['AMOUNT_OVER_SEVERE', 'AMOUNT_OVER_REVIEW', 'VELOCITY', 'VELOCITY_SEVERE'],
      },
    });
    expect((await walletOf(other)).balance).toBe(1);
  });

  it('BLOCKED_ADDRESS is SEVERE and REVIEW_ADDRESS HIGH: both held', async () => {
    const [blocked, review] = [ethSender('kyt-blocked'), ethSender('kyt-review')];
    await setRules({ blockedAddresses: blocked, reviewAddresses: review });
    try {
      const user = await newUser();
      await deposit(user, '1');
      expect(await deposit(user, '2', { fromAddress: blocked })).toMatchObject({
        status: 'HELD',
        risk: { level: 'SEVERE', reasons: ['BLOCKED_ADDRESS'] },
      });
      expect(await deposit(user, '2', { fromAddress: review })).toMatchObject({
        status: 'HELD',
        risk: { level: 'HIGH', reasons: ['REVIEW_ADDRESS'] },
      });
      expect((await walletOf(user)).balance).toBe(1);
    } finally {
      await setRules({ blockedAddresses: '', reviewAddresses: '' });
    }
  });
});

// ---------------------------------------------------------------- release

describe('deposit/release', () => {
  it('CREDIT credits a HELD deposit once, with the note; again is 4016', async () => {
    const user = await newUser();
    const held = await deposit(user, '20000.123456');
    expect(held.status).toBe('HELD');
    const released = depositSchema.parse(
      await ok('depositRelease', {
        depositId: held.depositId,
        decision: 'CREDIT',
        note: 'Known customer, payroll',
      }),
    );
    expect(released).toMatchObject({
      depositId: held.depositId,
      status: 'CREDITED',
      note: 'Known customer, payroll',
      creditedAmount: 20000.12,
      risk: held.risk,
    });
    expect(released.creditedAt).not.toBeNull();
    expect((await walletOf(user)).balance).toBe(20000.12);
    const r = await refused(
      'depositRelease',
      { depositId: held.depositId, decision: 'CREDIT', note: 'again' },
      4016,
    );
    expect(r.body.msg).toBe(`Deposit ${held.depositId} is CREDITED: only a HELD deposit can be released.`);
    expect(await ledgerSumsToBalances(db.db)).toBe(true);
  });

  it('REJECT credits nothing; a CONFIRMING or credited deposit, an unknown one and another app’s are 4016', async () => {
    const user = await newUser();
    const held = await deposit(user, '15000');
    const rejected = depositSchema.parse(
      await ok('depositRelease', {
        depositId: held.depositId,
        decision: 'REJECT',
        note: 'Sanctioned source',
      }),
    );
    expect(rejected).toMatchObject({ status: 'REJECTED', note: 'Sanctioned source', creditedAt: null });
    expect((await walletOf(user)).balance).toBe(0);
    await refused(
      'depositRelease',
      { depositId: held.depositId, decision: 'CREDIT', note: 'changed my mind' },
      4016,
    );
    const waiting = await deposit(user, '1', { confirmations: 0 });
    await refused('depositRelease', { depositId: waiting.depositId, decision: 'CREDIT', note: 'n' }, 4016);
    // Another user's: the 15,000 held here counts towards this user's VELOCITY_SEVERE.
    const credited = await deposit(await newUser(), '1');
    expect(credited.status).toBe('CREDITED');
    await refused('depositRelease', { depositId: credited.depositId, decision: 'REJECT', note: 'n' }, 4016);
    await refused('depositRelease', { depositId: 999_999, decision: 'REJECT', note: 'n' }, 4016);
    const another = await deposit(await newUser(), '50000');
    await refused(
      'depositRelease',
      { depositId: another.depositId, decision: 'CREDIT', note: 'n' },
      4016,
      OTHER,
    );
  });

  it('a requestId replays the first answer; with other parameters it is 4007', async () => {
    const user = await newUser();
    const held = await deposit(user, '12000');
    const params = {
      depositId: held.depositId,
      decision: 'CREDIT',
      note: 'Checked',
      requestId: 'dep-release-1',
    };
    const first = await callWallet(base, 'depositRelease', params);
    const second = await callWallet(base, 'depositRelease', params);
    expect(first.body.code).toBe(0);
    expect(second.text).toBe(first.text);
    expect((await walletOf(user)).balance).toBe(12000);
    await refused('depositRelease', { ...params, decision: 'REJECT' }, 4007);
  });
});

// ---------------------------------------------------------------- list

describe('deposit/list', () => {
  it('newest first, by user and status, a page at a time by opaque cursors to a null nextCursor', async () => {
    const user = await newUser();
    const made: Deposit[] = [];
    for (const amount of ['1', '2', '3', '4', '5']) made.push(await deposit(user, amount));
    made.push(await deposit(user, '30000'));
    const ids = made.map((d) => d.depositId).reverse();

    const pages: DepositPage[] = [];
    let cursor: string | undefined;
    do {
      const page = depositPageSchema.parse(await ok('depositList', { appUserId: user, pageSize: 4, cursor }));
      pages.push(page);
      cursor = page.nextCursor ?? undefined;
      if (cursor) expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    } while (cursor);
    expect(pages.map((p) => p.list.length)).toEqual([4, 2]);
    expect(pages.flatMap((p) => p.list.map((d) => d.depositId))).toEqual(ids);
    expect(pages[1]!.nextCursor).toBeNull();
    expect(pages[0]!.list[0]).toEqual(made.at(-1));

    const held = depositPageSchema.parse(await ok('depositList', { appUserId: user, status: 'HELD' }));
    expect(held).toEqual({ list: [made.at(-1)], nextCursor: null });
    const exact = depositPageSchema.parse(await ok('depositList', { appUserId: user, pageSize: 6 }));
    expect(exact.nextCursor).toBeNull();

    // The app's list holds every user's; the other app sees none of them.
    const all = depositPageSchema.parse(await ok('depositList', { pageSize: 100 }));
    expect(all.list.map((d) => d.depositId)).toEqual(
      [...all.list.map((d) => d.depositId)].sort((a, b) => b - a),
    );
    expect(all.list.map((d) => d.depositId)).toEqual(expect.arrayContaining(ids));
    const other = depositPageSchema.parse(await ok('depositList', { pageSize: 100 }, OTHER));
    expect(other.list.some((d) => ids.includes(d.depositId))).toBe(false);
  });

  it('an unknown user is 3001; a cursor not given by the list is 1002', async () => {
    await refused('depositList', { appUserId: 'dep-nobody' }, 3001);
    for (const cursor of [
      'abc',
      Buffer.from('dep1:0').toString('base64url'),
      Buffer.from('dep1:01').toString('base64url'),
    ]) {
      const r = await refused('depositList', { cursor }, 1002);
      expect(r.body.data).toEqual({ field: 'cursor', rule: 'must be a nextCursor from the page before' });
    }
  });
});

// ---------------------------------------------------------------- events

describe('events', () => {
  it('deposit.detected, deposit.held, deposit.credited and deposit.rejected carry the deposit as data', async () => {
    const user = await newUser();
    const small = await deposit(user, '7', { confirmations: 0 });
    const credited = depositSchema.parse(
      await ok('simulateConfirm', { depositId: small.depositId, confirmations: 12 }),
    );
    const held = await deposit(user, '25000');
    const rejected = depositSchema.parse(
      await ok('depositRelease', { depositId: held.depositId, decision: 'REJECT', note: 'No' }),
    );
    const eventsOf = async (type: string) =>
      (await ok<{ list: { type: string; data: Deposit }[] }>('eventList', { type, pageSize: 100 })).list
        .map((e) => e.data)
        .filter((d) => d.appUserId === user);
    expect(await eventsOf('deposit.detected')).toEqual([
      { ...held, status: 'CONFIRMING', risk: null, confirmations: 12 },
      small,
    ]);
    expect(await eventsOf('deposit.credited')).toEqual([credited]);
    expect(await eventsOf('deposit.held')).toEqual([held]);
    expect(await eventsOf('deposit.rejected')).toEqual([rejected]);
    const hooked = await ok<{ events: string[] }>('webhookAdd', {
      url: 'https://93.184.215.14/hooks',
      events: 'deposit.held,deposit.credited',
    });
    expect(hooked.events).toEqual(['deposit.credited', 'deposit.held']);
  });
});
