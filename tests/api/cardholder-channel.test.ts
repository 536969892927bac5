// The cardholder's own channel over HTTP (docs/wallet-api.md "The cardholder's channel"): the
// card-details link and its page (one open, 60 s, the headers, frame-ancestors from the app's
// card-view origins, an event per open), the walletToken as the me/* operations' credential (401
// with code 2005, a card of another user 4008, rotation refusing the old token at once, the
// token's own rate limit), and CVV and expiry at the till (CVV_MISMATCH, EXPIRY_MISMATCH, three
// mismatches lock the card, simulate/expireCard).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { walletOperations, type WalletOperationName } from '@/lib/wallet/contract/operations';
import {
  authorizationPageSchema,
  authorizationSchema,
  cardDetailsLinkSchema,
  cardholderCardSchema,
  type Authorization,
} from '@/lib/wallet/contract/schemas';
import { revealCardSecrets } from '@/lib/wallet/service/card/card-secrets';
import { cardDetailLinks, events } from '@/lib/wallet/service/db/schema';
import { purchase, type FundedCard } from '../helpers/spending';
import { callWallet, kycParams, type Envelope } from '../helpers/wallet-call';
import { createTestDatabase, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;
/** The card-details pages are pages, not operations of the document: reached without Prism. */
let pages: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  pages = await startWalletServer({
    direct: 'the card-details page is a page, not an operation of the document',
  });
});

afterAll(async () => {
  await pages?.close();
  await server?.close();
  await db?.close();
});

type Params = Record<string, string | number | boolean | undefined>;

async function ok<T>(name: WalletOperationName, params: Params, baseUrl = server.baseUrl): Promise<T> {
  const r = await callWallet<T>(baseUrl, name, params);
  expect(r.body.code, r.body.msg).toBe(0);
  return r.body.data as T;
}

/** A me/* call: parameters in the query string, the walletToken as a bearer, no signature. */
async function me<T = unknown>(
  name: WalletOperationName,
  token: string | null,
  params: Params = {},
  baseUrl = server.baseUrl,
): Promise<{ status: number; body: Envelope<T>; headers: Headers }> {
  const op = walletOperations[name];
  const query = new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const response = await fetch(`${baseUrl}${op.path}?${query}`, {
    method: op.method,
    headers: token === null ? {} : { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Envelope<T>, headers: response.headers };
}

let seq = 0;

/** A registered user with an ACTIVE card, and the walletToken registration gave. */
async function holder(fundedMinor = 100_00): Promise<FundedCard & { token: string }> {
  const appUserId = `ch-${process.pid}-${++seq}`;
  const registered = await ok<{ walletToken: string }>('registerAndKyc', kycParams(appUserId));
  const card = await ok<{ cardId: number }>('agencyApplyUserCard', {
    appUserId,
    paymentAssetId: db.agencyAssetId,
    categoryId: 1,
    embossedName: 'ADA LOVELACE',
  });
  const detail = await ok<{ cardAssetId: number }>('cardDetail', { appUserId, cardId: card.cardId });
  if (fundedMinor > 0) {
    await ok('assetTransfer', {
      fromAssetId: db.agencyAssetId,
      toAssetId: detail.cardAssetId,
      amount: (fundedMinor / 100).toFixed(2),
    });
  }
  return { appUserId, cardId: card.cardId, cardAssetId: detail.cardAssetId, token: registered.walletToken };
}

/** The page at a link's path, on the server that serves pages directly. */
async function open(url: string, userAgent = 'vitest-cardholder') {
  const response = await fetch(`${pages.baseUrl}${new URL(url).pathname}`, {
    headers: { 'user-agent': userAgent },
  });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

async function eventsOf(type: string) {
  const rows = await db.db.select().from(events).where(eq(events.type, type)).orderBy(desc(events.id));
  return rows.map((r) => JSON.parse(r.body) as { data: Record<string, unknown> });
}

const TOKEN_PATH = /^\/wallet\/card-details\/[A-Za-z0-9_-]{43}$/;

describe('card/detailsLink and the card-details page', () => {
  it('mints a one-time link valid 60 s, stored hashed; the first open shows number, expiry, CVV and name with the page headers; the second is 410', async () => {
    const card = await holder();
    const before = Date.now();
    const link = cardDetailsLinkSchema
      .strict()
      .parse(await ok('cardDetailsLink', { appUserId: card.appUserId, cardId: card.cardId }));
    expect(new URL(link.url).pathname).toMatch(TOKEN_PATH);
    const ttl = Date.parse(link.expiresAt) - before;
    expect(ttl).toBeGreaterThan(59_000);
    expect(ttl).toBeLessThanOrEqual(60_000 + (Date.now() - before));
    // Only the token's hash is stored.
    const token = new URL(link.url).pathname.split('/').at(-1)!;
    const stored = await db.db.select().from(cardDetailLinks).where(eq(cardDetailLinks.cardId, card.cardId));
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(token);

    const secrets = (await revealCardSecrets(db.db, card.cardId))!;
    const shown = await open(link.url);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('cache-control')).toBe('no-store');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.headers.get('x-robots-tag')).toBe('noindex');
    const csp = shown.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1]!;
    // Every inline script and style carries the nonce; nothing is loaded from elsewhere.
    const count = (text: string, part: string) => text.split(part).length - 1;
    expect(count(shown.text, '<script')).toBe(1);
    expect(count(shown.text, `<script nonce="${nonce}">`)).toBe(1);
    expect(count(shown.text, '<style')).toBe(1);
    expect(count(shown.text, `<style nonce="${nonce}">`)).toBe(1);
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    expect(shown.text).not.toMatch(/\b(src|href)=/);
    const grouped = secrets.cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
    expect(shown.text).toContain(`<dd id="card-number">${grouped}</dd>`);
    const detail = await ok<{ expireMonth: string; expireYear: string }>('cardDetail', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    expect(shown.text).toContain(
      `<dd id="card-expiry">${detail.expireMonth}/${detail.expireYear.slice(-2)}</dd>`,
    );
    expect(shown.text).toContain(`<dt>CVV</dt><dd id="card-cvv">${secrets.cvv}</dd>`);
    expect(shown.text).toContain('<dd id="card-name">ADA LOVELACE</dd>');
    // Copy buttons are there for the script to show; without it the values are plain text.
    expect(
      shown.text.match(/<button type="button" data-copy="[a-z-]+" aria-label="[^"]+" hidden>Copy<\/button>/g),
    ).toHaveLength(4);

    const again = await open(link.url);
    expect(again.status).toBe(410);
    expect(again.text).toContain('This link has expired');
    expect(again.text).not.toContain(secrets.cardNumber.slice(-4));
    expect(again.headers.get('cache-control')).toBe('no-store');
    expect(again.headers.get('x-robots-tag')).toBe('noindex');

    const [viewed] = await eventsOf('card.details_viewed');
    expect(viewed!.data).toEqual({
      cardId: card.cardId,
      appUserId: card.appUserId,
      viewedAt: expect.any(String),
      ip: expect.stringMatching(/127\.0\.0\.1$/),
      userAgent: 'vitest-cardholder',
    });
  });

  it('two opens at once: one page, one 410, one event', async () => {
    const card = await holder();
    const link = await ok<{ url: string }>('cardDetailsLink', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    const viewsBefore = (await eventsOf('card.details_viewed')).length;
    const answers = await Promise.all([open(link.url), open(link.url)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410]);
    expect((await eventsOf('card.details_viewed')).length).toBe(viewsBefore + 1);
  });

  it('an expired link, an unknown token and a malformed one are the same 410, revealing nothing', async () => {
    const short = await startWalletServer({
      direct: 'the card-details page, its link expiring at once',
      detailsLinkTtlMs: 1,
    });
    try {
      const card = await holder();
      const link = await ok<{ url: string }>(
        'cardDetailsLink',
        { appUserId: card.appUserId, cardId: card.cardId },
        short.baseUrl,
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      const expired = await open(link.url);
      const unknown = await open(`${pages.baseUrl}/wallet/card-details/${'A'.repeat(43)}`);
      const malformed = await open(`${pages.baseUrl}/wallet/card-details/not-a-token`);
      const withoutNonce = (text: string) => text.replace(/nonce="[^"]+"/g, '');
      for (const page of [expired, unknown, malformed]) {
        expect(page.status).toBe(410);
        expect(page.text).toContain('<h1>This link has expired</h1>');
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(withoutNonce(page.text)).toBe(withoutNonce(expired.text));
      }
    } finally {
      await short.close();
    }
  });

  it("only for an ACTIVE or LOCKED card (4009 otherwise); another user's card is 4008", async () => {
    const card = await holder(0);
    await ok('cardLock', { appUserId: card.appUserId, cardId: card.cardId, reason: 'LOST' });
    await ok('cardDetailsLink', { appUserId: card.appUserId, cardId: card.cardId });
    await ok('cardCancel', { appUserId: card.appUserId, cardId: card.cardId, reason: 'LOST' });
    const cancelled = await callWallet(server.baseUrl, 'cardDetailsLink', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    expect(cancelled.body.code).toBe(4009);
    const other = await holder(0);
    const notTheirs = await callWallet(server.baseUrl, 'cardDetailsLink', {
      appUserId: other.appUserId,
      cardId: card.cardId,
    });
    expect(notTheirs.body.code).toBe(4008);
  });
});

describe('app/cardViewOrigins', () => {
  it('sets the origins the page may be framed by (its frame-ancestors), reads them back, and clears them given empty', async () => {
    expect(await ok('appCardViewOrigins', {})).toEqual({ origins: [] });
    const set = await ok('appCardViewOriginsSet', {
      origins: 'https://app.example.com, https://wallet.example.org:8443/',
    });
    expect(set).toEqual({ origins: ['https://app.example.com', 'https://wallet.example.org:8443'] });
    expect(await ok('appCardViewOrigins', {})).toEqual(set);
    // A page on the developer's own machine may frame it too (no one else's is served from there).
    expect(
      await ok('appCardViewOriginsSet', { origins: 'http://localhost:3212,http://127.0.0.1:8080' }),
    ).toEqual({
      origins: ['http://localhost:3212', 'http://127.0.0.1:8080'],
    });
    await ok('appCardViewOriginsSet', {
      origins: 'https://app.example.com, https://wallet.example.org:8443/',
    });

    const card = await holder(0);
    const link = await ok<{ url: string }>('cardDetailsLink', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    const page = await open(link.url);
    expect(page.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://app.example.com https://wallet.example.org:8443',
    );

    // Given empty (sent after the signed parameters, as every empty one): cleared.
    const cleared = await callWallet(server.baseUrl, 'appCardViewOriginsSet', {}, { extraQuery: 'origins=' });
    expect(cleared.body).toEqual({ code: 0, msg: 'success', data: { origins: [] } });
    const absent = await callWallet(server.baseUrl, 'appCardViewOriginsSet', {});
    expect([absent.body.code, absent.body.data]).toEqual([1001, { field: 'origins' }]);
    const after = await ok<{ url: string }>('cardDetailsLink', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    expect((await open(after.url)).headers.get('content-security-policy')).toContain(
      "frame-ancestors 'none'",
    );
  });

  it('refuses anything but https:// origins, at most 10, naming the field and the rule', async () => {
    const eleven = Array.from({ length: 11 }, (_, i) => `https://a${i}.example.com`).join(',');
    for (const origins of [
      'http://app.example.com',
      'http://localhost.example.com',
      'https://app.example.com/path',
      'app.example.com',
      eleven,
      "https://x.example.com'",
    ]) {
      const r = await callWallet<{ field: string; rule: string }>(server.baseUrl, 'appCardViewOriginsSet', {
        origins,
      });
      expect(r.body.code, origins).toBe(1002);
      expect(r.body.data).toEqual({
        field: 'origins',
        rule: 'must be comma-separated https:// origins (http:// only on localhost or 127.0.0.1; no path, query or fragment), at most 10',
      });
    }
    expect(await ok('appCardViewOrigins', {})).toEqual({ origins: [] });
  });
});

describe('the walletToken and me/*', () => {
  it('refuses a missing, malformed or unknown token with HTTP 401, code 2005', async () => {
    for (const token of [null, 'wt_unknown-token', 'not a token']) {
      for (const name of ['meCards', 'meCardFreeze'] as const) {
        const r = await me(name, token, name === 'meCards' ? {} : { cardId: 1 });
        expect(r.status, `${name} ${token}`).toBe(401);
        expect(r.body.code).toBe(2005);
        expect(r.headers.get('www-authenticate')).toBe('Bearer realm="wallet"');
      }
    }
  });

  it("me/cards lists the token's user's cards, masked, with balances; me/card/authorizations their purchases; another user's card is 4008", async () => {
    const card = await holder(50_00);
    const second = await ok<{ cardId: number }>('agencyApplyUserCard', {
      appUserId: card.appUserId,
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
      embossedName: 'ADA LOVELACE',
    });
    const purchased = authorizationSchema.parse(
      await ok('simulateAuthorize', { cardId: card.cardId, ...purchase() }),
    );
    const r = await me<unknown[]>('meCards', card.token);
    expect(r.status).toBe(200);
    const cards = r.body.data!.map((c) => cardholderCardSchema.strict().parse(c));
    expect(cards.map((c) => c.cardId)).toEqual([card.cardId, second.cardId]);
    const secrets = (await revealCardSecrets(db.db, card.cardId))!;
    expect(cards[0]).toEqual({
      cardId: card.cardId,
      name: 'Virtual Visa Classic',
      network: 'VISA',
      last4: secrets.cardNumber.slice(-4),
      maskedNumber: `${secrets.cardNumber.slice(0, 6)}${'*'.repeat(secrets.cardNumber.length - 10)}${secrets.cardNumber.slice(-4)}`,
      status: 'ACTIVE',
      statusReason: null,
      expireMonth: expect.stringMatching(/^\d{2}$/),
      expireYear: expect.stringMatching(/^\d{4}$/),
      currency: 'USD',
      balance: 50,
      availableBalance: 40,
    });
    expect(JSON.stringify(r.body)).not.toContain(secrets.cardNumber);

    const page = await me('meCardAuthorizations', card.token, { cardId: card.cardId, pageSize: 5 });
    expect(authorizationPageSchema.parse(page.body.data)).toEqual({ list: [purchased], nextCursor: null });

    const other = await holder(0);
    expect((await me('meCardAuthorizations', other.token, { cardId: card.cardId })).body.code).toBe(4008);
    expect((await me('meCardFreeze', other.token, { cardId: card.cardId })).body.code).toBe(4008);
    expect((await me('meCardDetailsLink', other.token, { cardId: card.cardId })).body.code).toBe(4008);
    expect(
      (await me<unknown[]>('meCards', other.token)).body.data!.map((c) => (c as { cardId: number }).cardId),
    ).toEqual([other.cardId]);
  });

  it('freeze locks the card with CARDHOLDER_FROZEN and unfreeze undoes only that; an agency lock stays (4009)', async () => {
    const card = await holder(0);
    const frozen = await me<{ status: string; statusReason: string }>('meCardFreeze', card.token, {
      cardId: card.cardId,
    });
    expect(frozen.body.code, frozen.body.msg).toBe(0);
    expect(frozen.body.data).toMatchObject({
      cardId: card.cardId,
      status: 'LOCKED',
      statusReason: 'CARDHOLDER_FROZEN',
    });
    expect((await me('meCardFreeze', card.token, { cardId: card.cardId })).body.code).toBe(4009);
    const [changed] = await eventsOf('card.status_changed');
    expect(changed!.data).toEqual({
      cardId: card.cardId,
      appUserId: card.appUserId,
      fromStatus: 'ACTIVE',
      toStatus: 'LOCKED',
      reason: 'CARDHOLDER_FROZEN',
    });
    // A frozen card is declined at the till as any locked card.
    const declined = await ok<Authorization>('simulateAuthorize', { cardId: card.cardId, ...purchase() });
    expect(declined.declineReason).toBe('CARD_NOT_ACTIVE');

    const thawed = await me('meCardUnfreeze', card.token, { cardId: card.cardId });
    expect(thawed.body.data).toMatchObject({ status: 'ACTIVE', statusReason: null });
    const [unfrozen] = await eventsOf('card.status_changed');
    expect(unfrozen!.data).toMatchObject({
      fromStatus: 'LOCKED',
      toStatus: 'ACTIVE',
      reason: 'CARDHOLDER_FROZEN',
    });

    await ok('cardLock', { appUserId: card.appUserId, cardId: card.cardId, reason: 'FRAUD_SUSPECTED' });
    const refused = await me('meCardUnfreeze', card.token, { cardId: card.cardId });
    expect(refused.body.code).toBe(4009);
    const detail = await ok<{ status: string }>('cardDetail', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    expect(detail.status).toBe('LOCKED');
  });

  it('me/card/detailsLink mints a link the page opens once', async () => {
    const card = await holder(0);
    const r = await me<{ url: string; expiresAt: string }>('meCardDetailsLink', card.token, {
      cardId: card.cardId,
    });
    expect(r.body.code, r.body.msg).toBe(0);
    const link = cardDetailsLinkSchema.strict().parse(r.body.data);
    expect((await open(link.url)).status).toBe(200);
    expect((await open(link.url)).status).toBe(410);
  });

  it('user/walletToken/rotate: the new token works and the old one is refused at once', async () => {
    const card = await holder(0);
    expect((await me('meCards', card.token)).status).toBe(200);
    const rotated = await ok<{ appUserId: string; walletToken: string }>('userWalletTokenRotate', {
      appUserId: card.appUserId,
    });
    expect(rotated.appUserId).toBe(card.appUserId);
    expect(rotated.walletToken).toMatch(/^wt_[A-Za-z0-9_-]{32}$/);
    expect(rotated.walletToken).not.toBe(card.token);
    const old = await me('meCards', card.token);
    expect([old.status, old.body.code]).toEqual([401, 2005]);
    expect((await me('meCards', rotated.walletToken)).status).toBe(200);
    const [event] = await eventsOf('user.wallet_token_rotated');
    expect(event!.data).toEqual({ appUserId: card.appUserId });
    const unknown = await callWallet(server.baseUrl, 'userWalletTokenRotate', { appUserId: 'nobody-here' });
    expect(unknown.body.code).toBe(3001);
  });

  it('limits each token to its rate (429, code 6001, Retry-After), apart from other tokens', async () => {
    const limited = await startWalletServer({
      direct: "the walletToken's rate limit",
      walletTokenRateLimitRps: 1,
    });
    try {
      const card = await holder(0);
      const other = await holder(0);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => me('meCards', card.token, {}, limited.baseUrl)),
      );
      const refused = answers.filter((a) => a.status === 429);
      expect(refused.length).toBeGreaterThan(0);
      for (const a of refused) {
        expect(a.body.code).toBe(6001);
        expect(a.headers.get('retry-after')).toBe('1');
      }
      expect((await me('meCards', other.token, {}, limited.baseUrl)).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('CVV and expiry at the till', () => {
  async function authorizeWith(cardId: number, overrides: Params) {
    return ok<Authorization>('simulateAuthorize', { cardId, ...purchase(), ...overrides });
  }

  it('declines a wrong CVV (CVV_MISMATCH) or expiry (EXPIRY_MISMATCH), in the decision order, and approves the right ones', async () => {
    const card = await holder(100_00);
    const { cvv } = (await revealCardSecrets(db.db, card.cardId))!;
    const detail = await ok<{ expireMonth: string; expireYear: string }>('cardDetail', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    const expiry = `${detail.expireMonth}${detail.expireYear.slice(-2)}`;
    const wrongCvv = String((Number(cvv) + 1) % 1000).padStart(3, '0');
    const approved = await authorizeWith(card.cardId, { cvv, expiry });
    expect([approved.status, approved.declineReason]).toEqual(['PENDING', null]);
    expect((await authorizeWith(card.cardId, { expiry: '0130' })).declineReason).toBe('EXPIRY_MISMATCH');
    // After CARD_EXPIRED, before CURRENCY_NOT_SUPPORTED; the CVV before the expiry.
    expect(
      (await authorizeWith(card.cardId, { cvv: wrongCvv, expiry: '0130', currency: 'EUR' })).declineReason,
    ).toBe('CVV_MISMATCH');
    expect((await authorizeWith(card.cardId, { expiry: '0130', currency: 'EUR' })).declineReason).toBe(
      'EXPIRY_MISMATCH',
    );
    const bad = await callWallet(server.baseUrl, 'simulateAuthorize', {
      cardId: card.cardId,
      ...purchase(),
      cvv: '12',
    });
    expect([bad.body.code, (bad.body.data as { field: string }).field]).toEqual([1002, 'cvv']);
    const badExpiry = await callWallet(server.baseUrl, 'simulateAuthorize', {
      cardId: card.cardId,
      ...purchase(),
      expiry: '1330',
    });
    expect([badExpiry.body.code, (badExpiry.body.data as { field: string }).field]).toEqual([1002, 'expiry']);
  });

  it('three CVV mismatches lock the card (CVV_ATTEMPTS) with one card.status_changed; unlocked, it has three tries again', async () => {
    const card = await holder(100_00);
    const { cvv } = (await revealCardSecrets(db.db, card.cardId))!;
    const wrongCvv = String((Number(cvv) + 1) % 1000).padStart(3, '0');
    const reasons = [];
    for (let i = 0; i < 4; i++)
      reasons.push((await authorizeWith(card.cardId, { cvv: wrongCvv })).declineReason);
    expect(reasons).toEqual(['CVV_MISMATCH', 'CVV_MISMATCH', 'CVV_MISMATCH', 'CARD_NOT_ACTIVE']);
    const detail = await ok<{ status: string; history: { reason: string | null }[] }>('cardDetail', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    expect([detail.status, detail.history.at(-1)!.reason]).toEqual(['LOCKED', 'CVV_ATTEMPTS']);
    const locks = (await eventsOf('card.status_changed')).filter(
      (e) => e.data.cardId === card.cardId && e.data.reason === 'CVV_ATTEMPTS',
    );
    expect(locks.map((e) => e.data)).toEqual([
      {
        cardId: card.cardId,
        appUserId: card.appUserId,
        fromStatus: 'ACTIVE',
        toStatus: 'LOCKED',
        reason: 'CVV_ATTEMPTS',
      },
    ]);
    // The cardholder cannot undo it: only the programme unlocks.
    expect((await me('meCardUnfreeze', card.token, { cardId: card.cardId })).body.code).toBe(4009);
    await ok('cardUnlock', { appUserId: card.appUserId, cardId: card.cardId });
    expect((await authorizeWith(card.cardId, { cvv: wrongCvv })).declineReason).toBe('CVV_MISMATCH');
    expect((await authorizeWith(card.cardId, { cvv })).declineReason).toBe(null);
  });

  it("simulate/expireCard sets the card's expiry to last month: its purchases are CARD_EXPIRED, before a CVV mismatch", async () => {
    const card = await holder(100_00);
    const now = new Date();
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const expired = await ok('simulateExpireCard', { cardId: card.cardId });
    expect(expired).toEqual({
      cardId: card.cardId,
      expireMonth: String(last.getUTCMonth() + 1).padStart(2, '0'),
      expireYear: String(last.getUTCFullYear()),
    });
    expect((await authorizeWith(card.cardId, { cvv: '000', expiry: '0130' })).declineReason).toBe(
      'CARD_EXPIRED',
    );
    expect(
      (await callWallet(server.baseUrl, 'simulateExpireCard', { cardId: 2_000_000_000 })).body.code,
    ).toBe(4008);
    const live = await startWalletServer({ simulation: false, direct: 'a live instance has no simulate/*' });
    try {
      const r = await callWallet(live.baseUrl, 'simulateExpireCard', { cardId: card.cardId });
      expect([r.status, r.body.code]).toEqual([404, 1005]);
    } finally {
      await live.close();
    }
  });
});

// A link's row names its card and user; reading them back keeps the table's shape honest.
describe('card_detail_links', () => {
  it('records which card and user a link was for, and when it was opened', async () => {
    const card = await holder(0);
    const link = await ok<{ url: string }>('cardDetailsLink', {
      appUserId: card.appUserId,
      cardId: card.cardId,
    });
    await open(link.url);
    const [row] = await db.db
      .select()
      .from(cardDetailLinks)
      .where(and(eq(cardDetailLinks.cardId, card.cardId)));
    expect(row!.openedAt).toBeInstanceOf(Date);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(60_000);
  });
});
