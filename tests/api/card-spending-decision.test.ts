// The agency's own decision over HTTP (docs/card-spending.md "The agency's decision"): decision/set
// (the secret drawn once, kept by later sets and answered only when drawn, stored sealed; only what
// is given changes; url given empty removes the endpoint; the SSRF rules of webhook URLs),
// decision/get, a rotation with Wallet-Signature-Previous during its overlap (an agency deploying
// the new secret declines nobody) and after it ends, the signed request and its body, approve,
// decline with the agency's reason, a non-2xx, a bad body or a redirect (not followed) as the agency
// unavailable (the fallback decides: AGENCY_UNAVAILABLE), late with each fallback (AGENCY_TIMEOUT),
// the rules first (a declined purchase never reaches the agency), a requestId replay that does not
// ask again, an address refused at call time, and no row lock held while the agency thinks.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  authorizationSchema,
  decisionEndpointSchema,
  decisionSettingsSchema,
  type Authorization,
} from '@/lib/wallet/contract/schemas';
import { apps, assets, cards, decisionEndpoints } from '@/lib/wallet/service/db/schema';
import { walletMasterKey } from '@/lib/env';
import { createSecretBox } from '@/lib/wallet/service/secrets/secret-box';
import { SECRET_OVERLAP_MS, verifyWebhook } from '@/lib/wallet/contract/webhook-signature';
import { sealAppSecrets } from '@/lib/wallet/service/secrets/app-secrets';
import { startDecisionEndpoint, verifiesWith, type DecisionEndpoint } from '../helpers/decision-endpoint';
import { fundedCard, purchase, type FundedCard } from '../helpers/spending';
import { callWallet, type CallOptions } from '../helpers/wallet-call';
import { createTestDatabase, OTHER_AGENCY, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
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

/** The app's decision secret: the last one a decision/set answered (it answers one only when drawn). */
let secret = '';
async function setDecision(
  params: Record<string, string | number | boolean | undefined>,
  on = server,
  options: CallOptions = {},
) {
  const r = await callWallet(on.baseUrl, 'decisionSet', params, options);
  expect(r.body.code, r.body.msg).toBe(0);
  const data = decisionEndpointSchema.parse(r.body.data);
  if (data.secret) secret = data.secret;
  return data;
}

async function getDecision(on = server) {
  const r = await callWallet(on.baseUrl, 'decisionGet', {});
  expect(r.body.code, r.body.msg).toBe(0);
  return decisionSettingsSchema.parse(r.body.data);
}

beforeEach(async () => {
  agency.respond = () => ({ body: { approved: true } });
  agency.received.length = 0;
  await setDecision({ url: agency.url, fallback: 'DECLINE', timeoutMs: 1500 });
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

describe('decision/set and decision/get', () => {
  it('draws the secret on the first set only, stored sealed; later sets keep it and answer secret null', async () => {
    // beforeEach's first set of this file drew it.
    expect(secret).toMatch(/^dsec_[A-Za-z0-9_-]{43}$/);
    const [app] = await db.db.select({ id: apps.id }).from(apps).where(eq(apps.appId, TEST_AGENCY.appId));
    const [row] = await db.db.select().from(decisionEndpoints).where(eq(decisionEndpoints.appId, app!.id));
    expect(row!.secret).not.toContain(secret.slice(5));
    expect(await setDecision({ url: agency.url, fallback: 'APPROVE', timeoutMs: 100 })).toEqual({
      url: agency.url,
      fallback: 'APPROVE',
      timeoutMs: 100,
      secret: null,
    });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    expect(await buy(card)).toMatchObject({ status: 'PENDING', decidedBy: 'AGENCY' });
    expect(agency.verified(secret)).toHaveLength(1);
  });

  it('changes only what it is given: fallback alone keeps the URL, the deadline and the secret', async () => {
    const before = await getDecision();
    expect(await setDecision({ fallback: 'APPROVE' })).toEqual({
      url: agency.url,
      fallback: 'APPROVE',
      timeoutMs: 1500,
      secret: null,
    });
    expect(await setDecision({ timeoutMs: 300 })).toEqual({
      url: agency.url,
      fallback: 'APPROVE',
      timeoutMs: 300,
      secret: null,
    });
    expect(await getDecision()).toEqual({
      url: agency.url,
      fallback: 'APPROVE',
      timeoutMs: 300,
      secretCreatedAt: before.secretCreatedAt,
    });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    expect(await buy(card)).toMatchObject({ status: 'PENDING', decidedBy: 'AGENCY' });
    expect(agency.verified(secret)).toHaveLength(1);
  });

  it('decision/get answers the settings and when the secret was drawn, never the secret', async () => {
    const r = await callWallet(server.baseUrl, 'decisionGet', {});
    expect(r.body.code).toBe(0);
    expect(r.text).not.toContain(secret);
    const got = decisionSettingsSchema.parse(r.body.data);
    expect(Object.keys(r.body.data as object).sort()).toEqual([
      'fallback',
      'secretCreatedAt',
      'timeoutMs',
      'url',
    ]);
    expect(got).toMatchObject({ url: agency.url, fallback: 'DECLINE', timeoutMs: 1500 });
    expect(Date.parse(got.secretCreatedAt!)).toBeLessThanOrEqual(Date.now());
  });

  it('rotateSecret=true draws a new secret, answered once, and decision/get shows its new time', async () => {
    const before = await getDecision();
    const old = secret;
    const rotated = await setDecision({ rotateSecret: true });
    expect(rotated).toMatchObject({ url: agency.url, fallback: 'DECLINE', timeoutMs: 1500 });
    expect(rotated.secret).toMatch(/^dsec_[A-Za-z0-9_-]{43}$/);
    expect(rotated.secret).not.toBe(old);
    const after = await getDecision();
    expect(Date.parse(after.secretCreatedAt!)).toBeGreaterThan(Date.parse(before.secretCreatedAt!));
    expect((await setDecision({ rotateSecret: false })).secret).toBeNull();
  });

  it('a master key rotation re-seals the decision secret and its rotated-out one, which the new key alone then opens', async () => {
    const previous = secret;
    await setDecision({ rotateSecret: true });
    const newKey = 'e'.repeat(64);
    const cardCount = (await db.db.select({ id: cards.id }).from(cards)).length;
    const outcome = await db.db.transaction((tx) =>
      sealAppSecrets(tx, createSecretBox(newKey, [walletMasterKey()])),
    );
    // The two agencies' apps, the decision endpoint's secret and previous secret, and every card
    // (its number and CVV: docs/security.md "Card numbers at rest").
    expect(outcome).toEqual({ sealed: 4 + cardCount, unopenable: [] });
    const [row] = await db.db.select().from(decisionEndpoints);
    expect(createSecretBox(newKey).open(row!.secret!)).toBe(secret);
    expect(createSecretBox(newKey).open(row!.previousSecret!)).toBe(previous);
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

  it('an app without an endpoint gets no secret until its first URL: removing or a fallback draws none', async () => {
    // `secret` is this file's app's; the other app's drawn here must not replace it.
    const mine = secret;
    const other = {
      agencyCode: OTHER_AGENCY.agencyCode,
      appId: OTHER_AGENCY.appId,
      secret: OTHER_AGENCY.appSecret,
    };
    const get = async () =>
      decisionSettingsSchema.parse((await callWallet(server.baseUrl, 'decisionGet', {}, other)).body.data);
    expect(await get()).toEqual({ url: null, fallback: 'DECLINE', timeoutMs: 1500, secretCreatedAt: null });
    expect(await setDecision({}, server, { ...other, extraQuery: 'url=' })).toEqual({
      url: null,
      fallback: 'DECLINE',
      timeoutMs: 1500,
      secret: null,
    });
    expect(await setDecision({ fallback: 'APPROVE' }, server, other)).toMatchObject({
      url: null,
      secret: null,
    });
    expect((await get()).secretCreatedAt).toBeNull();
    const first = await setDecision({ url: agency.url }, server, other);
    expect(first).toMatchObject({ url: agency.url, fallback: 'APPROVE', timeoutMs: 1500 });
    expect(first.secret).toMatch(/^dsec_[A-Za-z0-9_-]{43}$/);
    expect((await get()).secretCreatedAt).not.toBeNull();
    expect(await setDecision({}, server, { ...other, extraQuery: 'url=' })).toMatchObject({
      url: null,
      secret: null,
    });
    secret = mine;
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

  it('declines on {"approved": false}: AGENCY_DECLINED, decided by the agency, nothing held, no reason', async () => {
    agency.respond = () => ({ body: { approved: false } });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const a = await buy(card);
    expect(a).toMatchObject({
      status: 'DECLINED',
      declineReason: 'AGENCY_DECLINED',
      decidedBy: 'AGENCY',
      agencyReason: null,
      heldAmount: 0,
    });
    expect(await held(card)).toBe(0);
  });

  it("keeps the agency's reason as agencyReason (cut to 200 characters) on the authorization, its event and its reads", async () => {
    agency.respond = () => ({ body: { approved: false, reason: `Over the trip budget ${'x'.repeat(300)}` } });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const a = await buy(card);
    const kept = `Over the trip budget ${'x'.repeat(179)}`;
    expect(kept).toHaveLength(200);
    expect(a).toMatchObject({ declineReason: 'AGENCY_DECLINED', decidedBy: 'AGENCY', agencyReason: kept });
    const detail = await callWallet(server.baseUrl, 'authorizationDetail', {
      authorizationId: a.authorizationId,
    });
    expect(detail.body.data).toMatchObject({ agencyReason: kept });
    const events = await callWallet<{ list: { type: string; data: Authorization }[] }>(
      server.baseUrl,
      'eventList',
      { type: 'authorization.declined', pageSize: 1 },
    );
    expect(events.body.data!.list[0]!.data).toMatchObject({
      authorizationId: a.authorizationId,
      agencyReason: kept,
    });
  });

  it.each([
    ['a 2xx without a body', { status: 204 }],
    ['a 2xx without approved', { body: { ok: true } }],
    ['"approved": "true" as text', { body: { approved: 'true' } }],
    ['a 5xx saying approved', { status: 503, body: { approved: true } }],
    ['a 401 (the agency cannot verify the signature)', { status: 401, body: { approved: false } }],
    ['a 4xx', { status: 404 }],
  ])(
    'the agency is unavailable on %s: fallback DECLINE gives AGENCY_UNAVAILABLE, decided by the fallback',
    async (_name, answer) => {
      agency.respond = () => answer;
      const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
      const a = await buy(card);
      expect(a).toMatchObject({
        status: 'DECLINED',
        declineReason: 'AGENCY_UNAVAILABLE',
        decidedBy: 'FALLBACK',
        agencyReason: null,
        heldAmount: 0,
      });
      expect(await held(card)).toBe(0);
    },
  );

  it('the agency unavailable with fallback APPROVE: approved and held, decided by the fallback', async () => {
    await setDecision({ fallback: 'APPROVE' });
    agency.respond = () => ({ status: 500, body: { approved: false } });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    expect(await buy(card)).toMatchObject({ status: 'PENDING', declineReason: null, decidedBy: 'FALLBACK' });
    expect(await held(card)).toBe(10_00);
  });

  it('does not follow a redirect: the agency unavailable (AGENCY_UNAVAILABLE), the target never asked', async () => {
    const target = await startDecisionEndpoint();
    try {
      agency.respond = () => ({ status: 307, headers: { Location: target.url } });
      const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
      expect(await buy(card)).toMatchObject({ declineReason: 'AGENCY_UNAVAILABLE', decidedBy: 'FALLBACK' });
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

  it('url given empty removes the endpoint (the rules alone decide); a parameterless set changes nothing', async () => {
    expect(await setDecision({})).toEqual({
      url: agency.url,
      fallback: 'DECLINE',
      timeoutMs: 1500,
      secret: null,
    });
    // Given empty, as clearable parameters travel: `url=` after the signature.
    expect(await setDecision({}, server, { extraQuery: 'url=' })).toEqual({
      url: null,
      fallback: 'DECLINE',
      timeoutMs: 1500,
      secret: null,
    });
    expect(await getDecision()).toMatchObject({ url: null, fallback: 'DECLINE', timeoutMs: 1500 });
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    expect(await buy(card)).toMatchObject({ status: 'PENDING', decidedBy: 'RULES' });
    expect(agency.received).toHaveLength(0);
    // Set again, the kept secret still signs.
    expect((await setDecision({ url: agency.url })).secret).toBeNull();
    expect(await buy(card)).toMatchObject({ status: 'PENDING', decidedBy: 'AGENCY' });
    expect(agency.verified(secret)).toHaveLength(1);
  });

  it('an address the SSRF rules refuse at call time is never connected to: the agency unavailable', async () => {
    // Set while private addresses were allowed; an instance under the production rules refuses it.
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    const a = await buy(card, {}, strict);
    expect(a).toMatchObject({
      status: 'DECLINED',
      declineReason: 'AGENCY_UNAVAILABLE',
      decidedBy: 'FALLBACK',
    });
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

describe('a rotation declines nobody: Wallet-Signature-Previous during the overlap', () => {
  /** An agency that approves only what verifies with the secret it has deployed, else answers 401. */
  function strictAgency(deployed: () => string) {
    agency.respond = (request) =>
      verifiesWith(deployed(), request)
        ? { body: { approved: true } }
        : { status: 401, body: { error: 'bad signature' } };
  }

  it('the agency keeps its old secret, then deploys the new one: every purchase approved by the agency', async () => {
    let deployed = secret;
    strictAgency(() => deployed);
    const old = secret;
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    expect(await buy(card, { amount: '1.00' })).toMatchObject({ status: 'PENDING', decidedBy: 'AGENCY' });

    const rotated = await setDecision({ rotateSecret: true });
    const fresh = rotated.secret!;
    // Still on the old secret: Wallet-Signature-Previous carries it.
    expect(await buy(card, { amount: '1.00' })).toMatchObject({ status: 'PENDING', decidedBy: 'AGENCY' });
    const during = agency.received[1]!;
    expect(
      verifyWebhook({
        secret: fresh,
        rawBody: during.rawBody,
        timestamp: during.timestamp,
        signature: during.signature,
      }),
    ).toBe(true);
    expect(
      verifyWebhook({
        secret: old,
        rawBody: during.rawBody,
        timestamp: during.timestamp,
        signature: during.previousSignature,
      }),
    ).toBe(true);
    // The new secret deployed: Wallet-Signature verifies.
    deployed = fresh;
    expect(await buy(card, { amount: '1.00' })).toMatchObject({ status: 'PENDING', decidedBy: 'AGENCY' });
    expect(agency.received).toHaveLength(3);
  });

  it('after the overlap the old secret signs nothing: an agency still on it is unavailable (AGENCY_UNAVAILABLE)', async () => {
    const old = secret;
    strictAgency(() => old);
    const rotating = Date.now();
    const fresh = (await setDecision({ rotateSecret: true })).secret!;
    const rotated = Date.now();
    // The old secret is kept until the rotation's moment plus the overlap (24 h).
    const [app] = await db.db.select({ id: apps.id }).from(apps).where(eq(apps.appId, TEST_AGENCY.appId));
    const [row] = await db.db.select().from(decisionEndpoints).where(eq(decisionEndpoints.appId, app!.id));
    const until = row!.previousSecretUntil!.getTime();
    expect(until).toBeGreaterThanOrEqual(rotating + SECRET_OVERLAP_MS);
    expect(until).toBeLessThanOrEqual(rotated + SECRET_OVERLAP_MS);
    const card = await fundedCard(server.baseUrl, db, 100_00, 'dec');
    expect(await buy(card, { amount: '1.00' })).toMatchObject({ status: 'PENDING', decidedBy: 'AGENCY' });
    expect(agency.received[0]!.previousSignature).not.toBe('');
    // The overlap over, by the database's clock, which decides it (not by waiting: a busy machine
    // could outlast a short overlap before the first purchase was even sent).
    await db.db
      .update(decisionEndpoints)
      .set({ previousSecretUntil: sql`now() - interval '1 millisecond'` })
      .where(eq(decisionEndpoints.appId, app!.id));
    const after = await buy(card, { amount: '1.00' });
    expect(after).toMatchObject({
      status: 'DECLINED',
      declineReason: 'AGENCY_UNAVAILABLE',
      decidedBy: 'FALLBACK',
    });
    expect(agency.received[1]!.previousSignature).toBe('');
    expect(agency.verified(fresh)).toHaveLength(2);
  });
});
