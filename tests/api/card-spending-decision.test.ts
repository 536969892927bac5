// The agency's own decision over HTTP (docs/card-spending.md "The agency's decision"): decision/set
// (the secret shown once and stored sealed, the SSRF rules of webhook URLs), the signed request
// and its body, approve, decline, a 5xx, a redirect (not followed), late with each fallback, the
// rules first (a declined purchase never reaches the agency), a requestId replay that does not
// ask again, an address refused at call time, and no row lock held while the agency thinks.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizationSchema,
  decisionEndpointSchema,
  type Authorization,
} from '@/lib/wallet/contract/schemas';
import { apps, assets, decisionEndpoints } from '@/lib/wallet/service/db/schema';
import { walletMasterKey } from '@/lib/env';
import { createSecretBox } from '@/lib/wallet/service/secrets/secret-box';
import { sealAppSecrets } from '@/lib/wallet/service/secrets/app-secrets';
import { startDecisionEndpoint, type DecisionEndpoint } from '../helpers/decision-endpoint';
import { fundedCard, purchase, type FundedCard } from '../helpers/spending';
import { callWallet } from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
/** allowPrivate: the decision endpoint may be on 127.0.0.1 (tests only). */
let server: WalletTestServer;
/** The production rules: loopback and private addresses refused. */
let strict: WalletTestServer;
let agency: DecisionEndpoint;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer({ webhooks: { allowPrivate: true } });
  strict = await startWalletServer({ webhooks: { allowPrivate: false } });
  agency = await startDecisionEndpoint();
});

afterAll(async () => {
  await agency?.close();
  await strict?.close();
  await server?.close();
  await db?.close();
});

let secret = '';
async function setDecision(params: Record<string, string | number | undefined>, on = server) {
  const r = await callWallet(on.baseUrl, 'decisionSet', params);
  expect(r.body.code, r.body.msg).toBe(0);
  const data = decisionEndpointSchema.parse(r.body.data);
  secret = data.secret ?? '';
  return data;
}

beforeEach(async () => {
  agency.respond = () => ({ body: { approved: true } });
  agency.received.length = 0;
  await setDecision({ url: agency.url });
});

async function buy(
  card: FundedCard,
  overrides: Record<string, string | undefined> = {},
  on = server,
): Promise<Authorization> {
  const r = await callWallet(on.baseUrl, 'simulateAuthorize', {
    cardId: card.cardId,
    ...purchase(overrides),
  });
  expect(r.body.code, r.body.msg).toBe(0);
  return authorizationSchema.parse(r.body.data);
}

const held = async (card: FundedCard) =>
  (await db.db.select({ held: assets.held }).from(assets).where(eq(assets.id, card.cardAssetId)))[0]!.held;

describe('decision/set', () => {
  it('answers the endpoint with its secret once; stores the secret sealed; defaults DECLINE and 1500 ms', async () => {
    const set = await setDecision({ url: agency.url });
    expect(set).toMatchObject({ url: agency.url, fallback: 'DECLINE', timeoutMs: 1500 });
    expect(set.secret).toMatch(/^dsec_[A-Za-z0-9_-]{43}$/);
    const [app] = await db.db.select({ id: apps.id }).from(apps).where(eq(apps.appId, TEST_AGENCY.appId));
    const [row] = await db.db.select().from(decisionEndpoints).where(eq(decisionEndpoints.appId, app!.id));
    expect(row!.secret).not.toContain(set.secret!.slice(5));
    expect(await setDecision({ url: agency.url, fallback: 'APPROVE', timeoutMs: 100 })).toMatchObject({
      fallback: 'APPROVE',
      timeoutMs: 100,
    });
  });

  it('a master key rotation re-seals the decision secret, which the new key alone then opens', async () => {
    const set = await setDecision({ url: agency.url });
    const newKey = 'e'.repeat(64);
    const outcome = await db.db.transaction((tx) =>
      sealAppSecrets(tx, createSecretBox(newKey, [walletMasterKey()])),
    );
    // The two agencies' apps and the decision endpoint.
    expect(outcome).toEqual({ sealed: 3, unopenable: [] });
    const [row] = await db.db.select({ secret: decisionEndpoints.secret }).from(decisionEndpoints);
    expect(createSecretBox(newKey).open(row!.secret)).toBe(set.secret);
    await db.db.transaction((tx) => sealAppSecrets(tx, createSecretBox(walletMasterKey(), [newKey])));
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    await setDecision({ url: agency.url });
    expect((await buy(card)).decidedBy).toBe('AGENCY');
    expect(agency.verified(secret)).toHaveLength(1);
  });

  it('refuses loopback, private and metadata addresses and plain http under the production rules (1002 on url)', async () => {
    for (const url of [
      agency.url,
      'https://127.0.0.1/decide',
      'https://10.0.0.8/decide',
      'https://169.254.169.254/latest',
      'https://[::127.0.0.1]:3802/decide',
      'https://[::a9fe:a9fe]/latest',
      'http://93.184.215.14/decide',
    ]) {
      const r = await callWallet(strict.baseUrl, 'decisionSet', { url });
      expect(r.body.code, url).toBe(1002);
      expect(r.body.data).toMatchObject({ field: 'url' });
    }
    expect(
      (await callWallet(strict.baseUrl, 'decisionSet', { url: 'https://93.184.215.14/decide' })).body.code,
    ).toBe(0);
  });

  it('timeoutMs and fallback out of their rules are 1002 naming them', async () => {
    for (const [params, field] of [
      [{ timeoutMs: 99 }, 'timeoutMs'],
      [{ timeoutMs: 2001 }, 'timeoutMs'],
      [{ fallback: 'MAYBE' }, 'fallback'],
    ] as const) {
      const r = await callWallet(server.baseUrl, 'decisionSet', { url: agency.url, ...params });
      expect(r.body.code).toBe(1002);
      expect(r.body.data).toMatchObject({ field });
    }
  });
});

describe('the agency decides after the rules pass', () => {
  it('approves with {"approved": true}: the request is signed and carries the authorization', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const a = await buy(card, {
      amount: '12.34',
      merchantName: 'Book Shop',
      mcc: '5942',
      merchantCountry: 'GB',
    });
    expect(a).toMatchObject({
      status: 'PENDING',
      decidedBy: 'AGENCY',
      declineReason: null,
      heldAmount: 12.34,
    });
    expect(agency.received).toHaveLength(1);
    expect(agency.verified(secret)).toHaveLength(1);
    expect(agency.verified('dsec_wrong')).toHaveLength(0);
    expect(JSON.parse(agency.received[0]!.rawBody)).toEqual({
      authorizationId: a.authorizationId,
      cardId: card.cardId,
      appUserId: card.appUserId,
      amount: 12.34,
      currency: 'USD',
      merchant: { name: 'Book Shop', mcc: '5942', country: 'GB' },
      availableBalance: 100,
      createdAt: a.createdAt,
    });
    expect(await held(card)).toBe(12_34);
  });

  it.each([
    ['{"approved": false}', { body: { approved: false } }],
    ['a 2xx without approved', { status: 204 }],
    ['"approved": "true" as text', { body: { approved: 'true' } }],
    ['a 5xx saying approved', { status: 503, body: { approved: true } }],
    ['a 4xx', { status: 404 }],
  ])('declines on %s: AGENCY_DECLINED, decided by the agency, nothing held', async (_name, answer) => {
    agency.respond = () => answer;
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const a = await buy(card);
    expect(a).toMatchObject({
      status: 'DECLINED',
      declineReason: 'AGENCY_DECLINED',
      decidedBy: 'AGENCY',
      heldAmount: 0,
    });
    expect(await held(card)).toBe(0);
  });

  it('does not follow a redirect: AGENCY_DECLINED, and the target is never asked', async () => {
    const target = await startDecisionEndpoint();
    try {
      agency.respond = () => ({ status: 307, headers: { Location: target.url } });
      const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
      expect((await buy(card)).declineReason).toBe('AGENCY_DECLINED');
      expect(target.received).toHaveLength(0);
    } finally {
      await target.close();
    }
  });

  it('late with fallback DECLINE: AGENCY_TIMEOUT, decided by the fallback', async () => {
    await setDecision({ url: agency.url, timeoutMs: 150, fallback: 'DECLINE' });
    agency.respond = () => ({ body: { approved: true }, delayMs: 600 });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const a = await buy(card);
    expect(a).toMatchObject({ status: 'DECLINED', declineReason: 'AGENCY_TIMEOUT', decidedBy: 'FALLBACK' });
    expect(await held(card)).toBe(0);
  });

  it('late with fallback APPROVE: approved and held, decided by the fallback', async () => {
    await setDecision({ url: agency.url, timeoutMs: 150, fallback: 'APPROVE' });
    agency.respond = () => ({ body: { approved: false }, delayMs: 600 });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const a = await buy(card);
    expect(a).toMatchObject({ status: 'PENDING', declineReason: null, decidedBy: 'FALLBACK' });
    expect(await held(card)).toBe(10_00);
  });

  it('the rules come first: a purchase they decline never reaches the agency', async () => {
    const card = await fundedCard(server.baseUrl, db, 5_00, 'dec');
    const a = await buy(card);
    expect(a).toMatchObject({ declineReason: 'INSUFFICIENT_FUNDS', decidedBy: 'RULES' });
    expect(agency.received).toHaveLength(0);
  });

  it('a requestId replay answers the first decision without asking the agency again', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const params = { cardId: card.cardId, ...purchase(), requestId: 'dec-replay-0001' };
    const first = await callWallet(server.baseUrl, 'simulateAuthorize', params);
    agency.respond = () => ({ body: { approved: false } });
    const again = await callWallet(server.baseUrl, 'simulateAuthorize', params);
    expect(again.text).toBe(first.text);
    expect(agency.received).toHaveLength(1);
    expect(await held(card)).toBe(10_00);
  });

  it('an endpoint removed (url empty) leaves the rules alone to decide', async () => {
    expect(await setDecision({})).toEqual({ url: null, fallback: 'DECLINE', timeoutMs: 1500, secret: null });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    expect(await buy(card)).toMatchObject({ status: 'PENDING', decidedBy: 'RULES' });
    expect(agency.received).toHaveLength(0);
  });

  it('an address the SSRF rules refuse at call time is never connected to: AGENCY_DECLINED', async () => {
    // Set while private addresses were allowed; an instance under the production rules refuses it.
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const a = await buy(card, {}, strict);
    expect(a).toMatchObject({ status: 'DECLINED', declineReason: 'AGENCY_DECLINED', decidedBy: 'AGENCY' });
    expect(agency.received).toHaveLength(0);
  });

  it('holds no row lock while the agency thinks: the same card is reversed meanwhile', async () => {
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const first = await buy(card);
    agency.respond = () => ({ body: { approved: true }, delayMs: 800 });
    const order: string[] = [];
    const slow = buy(card, { amount: '20.00' }).then((a) => {
      order.push('authorized');
      return a;
    });
    while (agency.received.length < 2) await new Promise((r) => setTimeout(r, 10));
    const reversed = await callWallet(server.baseUrl, 'simulateReverse', {
      authorizationId: first.authorizationId,
    });
    order.push('reversed');
    expect(reversed.body.code).toBe(0);
    expect((await slow).status).toBe('PENDING');
    expect(order).toEqual(['reversed', 'authorized']);
    expect(await held(card)).toBe(20_00);
  });
});
