// App secrets at rest (docs/architecture.md "Embedded default"): stored sealed with the master key,
// plain ones sealed at start, a rotation re-sealing them all, and signed calls working throughout;
// the back-office key (docs/security.md "Rate limit") given to an app from before it by its next
// provisioning, sealed, left as it is by the one after, and re-sealed by a rotation too; card
// numbers and CVVs sealed at issuance, by the start-up step after migration 0029, and re-sealed by
// a rotation with their fingerprints.
import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '@/lib/db/open';
import * as walletSchema from '@/lib/wallet/service/db/schema';
import { apps, cards, webhookEndpoints } from '@/lib/wallet/service/db/schema';
import {
  cardNumberIsBound,
  maskCardNumber,
  revealCardSecrets,
  sealCardSecrets,
} from '@/lib/wallet/service/card/card-secrets';
import { configuredSecretBox, sealAppSecrets } from '@/lib/wallet/service/secrets/app-secrets';
import { createSecretBox, isSealed } from '@/lib/wallet/service/secrets/secret-box';
import { walletMasterKey } from '@/lib/env';
import { provision } from '@/lib/wallet/service/provision';
import { callWallet, kycParams } from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

let db: TestDatabase;
let server: WalletTestServer;

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

const storedSecret = async () =>
  (await db.db.select({ secret: apps.secret }).from(apps).where(eq(apps.appId, TEST_AGENCY.appId)))[0]!
    .secret;

describe('app secrets at rest', () => {
  it('are stored sealed: the database alone holds no usable secret', async () => {
    const stored = await storedSecret();
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain(TEST_AGENCY.appSecret);
    expect((await callWallet(server.baseUrl, 'agencyAssetList', {})).body.code).toBe(0);
  });

  it('a plain secret left by an older installation is sealed by the start-up step, once', async () => {
    await db.db.update(apps).set({ secret: TEST_AGENCY.appSecret }).where(eq(apps.appId, TEST_AGENCY.appId));
    expect(await sealAppSecrets(db.db, configuredSecretBox())).toEqual({ sealed: 1, unopenable: [] });
    expect(await sealAppSecrets(db.db, configuredSecretBox())).toEqual({ sealed: 0, unopenable: [] });
    expect(configuredSecretBox().open(await storedSecret())).toBe(TEST_AGENCY.appSecret);
  });

  it('a rotation re-seals every secret with the new key, which alone then opens them', async () => {
    const hook = await callWallet<{ endpointId: number; secret: string }>(server.baseUrl, 'webhookAdd', {
      url: 'https://93.184.215.14/hooks',
      events: '*',
    });
    expect(hook.body.code).toBe(0);
    const newKey = 'f'.repeat(64);
    const rotating = createSecretBox(newKey, [walletMasterKey()]);
    const outcome = await db.db.transaction((tx) => sealAppSecrets(tx, rotating));
    // The test agency's app, the other agency's, and the webhook endpoint.
    expect(outcome).toEqual({ sealed: 3, unopenable: [] });
    const [endpoint] = await db.db.select({ secret: webhookEndpoints.secret }).from(webhookEndpoints);
    expect(createSecretBox(newKey).open(endpoint!.secret)).toBe(hook.body.data!.secret);
    const stored = await storedSecret();
    expect(createSecretBox(newKey).open(stored)).toBe(TEST_AGENCY.appSecret);
    expect(() => configuredSecretBox().open(stored)).toThrow(/master key this process does not have/);
    // A process without the new key leaves those secrets alone and says which.
    expect(await sealAppSecrets(db.db, configuredSecretBox())).toEqual({
      sealed: 0,
      unopenable: [TEST_AGENCY.appId, 'app-2', `webhook endpoint ${hook.body.data!.endpointId}`],
    });
    // Back to the configured key, so the server of this file keeps verifying.
    await db.db.transaction((tx) => sealAppSecrets(tx, createSecretBox(walletMasterKey(), [newKey])));
    server.service.logger.flush?.();
  });
});

describe("the app's back-office key at rest", () => {
  const KEY = 'a-back-office-key-at-rest';
  const stored = async () => (await db.db.select().from(apps).where(eq(apps.appId, TEST_AGENCY.appId)))[0]!;

  it('an app from before it gets one at its next provisioning, sealed; the next changes nothing', async () => {
    const before = await stored();
    expect(before.backofficeSecret).toBeNull();
    await provision(db.db, { ...TEST_AGENCY, backofficeSecret: KEY });
    const after = await stored();
    expect(isSealed(after.backofficeSecret!)).toBe(true);
    expect(after.backofficeSecret).not.toContain(KEY);
    expect(configuredSecretBox().open(after.backofficeSecret!)).toBe(KEY);
    // Nothing else of the app changed, and a restart's provisioning leaves it all as it is.
    expect({ ...after, backofficeSecret: null }).toEqual(before);
    await provision(db.db, { ...TEST_AGENCY, backofficeSecret: KEY });
    expect(await stored()).toEqual(after);
    // Calls signed with it are served, beside the agency's (by a service that has not cached the
    // app from before: a cached app takes up to APP_CACHE_TTL_MS to see it).
    const fresh = await startWalletServer();
    try {
      expect((await callWallet(fresh.baseUrl, 'agencyAssetList', {}, { secret: KEY })).body.code).toBe(0);
      expect((await callWallet(fresh.baseUrl, 'agencyAssetList', {})).body.code).toBe(0);
    } finally {
      await fresh.close();
    }
  });

  it('is refused when it is the app secret itself: its calls would count as the agency', async () => {
    await expect(
      provision(db.db, { ...TEST_AGENCY, backofficeSecret: TEST_AGENCY.appSecret }),
    ).rejects.toThrow(/must differ from the app secret/);
  });

  it('a rotation re-seals it with the new key', async () => {
    const newKey = 'd'.repeat(64);
    await db.db.transaction((tx) => sealAppSecrets(tx, createSecretBox(newKey, [walletMasterKey()])));
    expect(createSecretBox(newKey).open((await stored()).backofficeSecret!)).toBe(KEY);
    // A process without the new key names it among what it cannot open.
    const { unopenable } = await sealAppSecrets(db.db, configuredSecretBox());
    expect(unopenable).toContain(`back-office key of app ${TEST_AGENCY.appId}`);
    await db.db.transaction((tx) => sealAppSecrets(tx, createSecretBox(walletMasterKey(), [newKey])));
    expect(configuredSecretBox().open((await stored()).backofficeSecret!)).toBe(KEY);
  });
});

describe('card numbers at rest (docs/security.md "Card numbers at rest")', () => {
  async function issueCard(appUserId: string): Promise<{ cardId: number; cardNumber: string }> {
    const registered = await callWallet(server.baseUrl, 'registerAndKyc', kycParams(appUserId));
    expect(registered.body.code, registered.body.msg).toBe(0);
    const applied = await callWallet<{ cardId: number; cardNumber: string }>(
      server.baseUrl,
      'agencyApplyUserCard',
      {
        appUserId,
        paymentAssetId: db.agencyAssetId,
        categoryId: 1,
        embossedName: 'JANE DOE',
      },
    );
    expect(applied.body.code, applied.body.msg).toBe(0);
    return applied.body.data!;
  }

  it('a card is stored sealed with its CVV, beside its first six, last four and fingerprint only', async () => {
    const card = await issueCard('sealed-card');
    const secrets = await revealCardSecrets(db.db, card.cardId);
    expect(secrets?.cardNumber).toMatch(/^\d{16}$/);
    expect(secrets?.cvv).toMatch(/^\d{3}$/);
    expect(card.cardNumber).toBe(maskCardNumber(secrets!.cardNumber));
    const [row] = await db.db.select().from(cards).where(eq(cards.id, card.cardId));
    expect(row).toMatchObject({
      plainCardNumber: null,
      first6: secrets!.cardNumber.slice(0, 6),
      last4: secrets!.cardNumber.slice(-4),
      numberLength: 16,
      fingerprint: configuredSecretBox().fingerprint('card number', secrets!.cardNumber),
    });
    expect(isSealed(row!.sealedSecrets!)).toBe(true);
    expect(JSON.stringify(row)).not.toContain(secrets!.cardNumber);
    expect(JSON.stringify(row)).not.toContain(secrets!.cardNumber.slice(6, 12));
    expect(await revealCardSecrets(db.db, 2_000_000_000)).toBeNull();
  });

  it('a rotation re-seals every card and its fingerprint, and 4006 still refuses a bound number', async () => {
    const card = await issueCard('rotated-card');
    const before = await revealCardSecrets(db.db, card.cardId);
    const newKey = 'c'.repeat(64);
    const outcome = await db.db.transaction((tx) =>
      sealCardSecrets(tx, createSecretBox(newKey, [walletMasterKey()])),
    );
    expect(outcome.unopenable).toEqual([]);
    expect(outcome.sealed).toBe((await db.db.select({ id: cards.id }).from(cards)).length);
    expect(await revealCardSecrets(db.db, card.cardId, createSecretBox(newKey))).toEqual(before);
    expect(await cardNumberIsBound(db.db, createSecretBox(newKey), before!.cardNumber)).toBe(true);
    // A process still on the old key, with the new one as its previous, finds the number bound too.
    expect(
      await cardNumberIsBound(db.db, createSecretBox(walletMasterKey(), [newKey]), before!.cardNumber),
    ).toBe(true);
    expect(await cardNumberIsBound(db.db, configuredSecretBox(), before!.cardNumber)).toBe(false);
    expect((await sealCardSecrets(db.db, configuredSecretBox())).unopenable).toContain(`card ${card.cardId}`);
    await db.db.transaction((tx) => sealAppSecrets(tx, createSecretBox(walletMasterKey(), [newKey])));
    expect(await revealCardSecrets(db.db, card.cardId)).toEqual(before);
    const again = await callWallet(server.baseUrl, 'agencyApplyUserCard', {
      appUserId: 'rotated-card',
      paymentAssetId: db.agencyAssetId,
      categoryId: 1,
      embossedName: 'JANE DOE',
      cardNumber: before!.cardNumber,
    });
    expect(again.body).toEqual({ code: 4006, msg: 'cardNumber is already bound to a card.' });
  });

  it('migration 0029 keeps the first six and last four of a plain card, and the start-up step seals it with a CVV', async () => {
    // A database at 0028 (the journal cut there) with a card as it was stored then.
    const folder = mkdtempSync(path.join(tmpdir(), 'migrations-0028-'));
    cpSync(migrationsFolder, folder, { recursive: true });
    const journalFile = path.join(folder, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number }[] };
    writeFileSync(
      journalFile,
      JSON.stringify({ ...journal, entries: journal.entries.filter((e) => e.idx <= 28) }),
    );
    const pglite = await PGlite.create();
    try {
      await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder: folder });
      const plain = '4532015112830366';
      await pglite.exec(`set session_replication_role = replica;
        insert into wallet.cards (id, app_id, user_id, category_id, payment_asset_id, card_asset_id, paid_by, fee,
          card_number, card_uuid, embossed_name, card_holder, expire_month, expire_year, status,
          card_account_status, channel, need_delivery)
        values (7, 1, 1, 1, 1, 1, 'AGENCY', 500, '${plain}', '${randomUUID()}', 'JANE DOE', 'Jane Doe', '01', '2029',
          'ACTIVE', 'APPROVED', 'CRYPTO', false);
        set session_replication_role = origin;`);
      await migratePglite(drizzlePglite({ client: pglite }), { migrationsFolder });
      const migrated = await pglite.query(
        'select card_number, first6, last4, number_length, sealed_secrets, fingerprint from wallet.cards',
      );
      expect(migrated.rows).toEqual([
        {
          card_number: plain,
          first6: '453201',
          last4: '0366',
          number_length: 16,
          sealed_secrets: null,
          fingerprint: null,
        },
      ]);
      const wallet = drizzlePglite({ client: pglite, schema: walletSchema });
      expect(await sealAppSecrets(wallet, configuredSecretBox())).toEqual({ sealed: 1, unopenable: [] });
      expect(await sealAppSecrets(wallet, configuredSecretBox())).toEqual({ sealed: 0, unopenable: [] });
      const [row] = await wallet.select().from(cards);
      expect(row).toMatchObject({ plainCardNumber: null, first6: '453201', last4: '0366', numberLength: 16 });
      const secrets = await revealCardSecrets(wallet, 7);
      expect(secrets).toEqual({ cardNumber: plain, cvv: expect.stringMatching(/^\d{3}$/) });
      expect(await cardNumberIsBound(wallet, configuredSecretBox(), plain)).toBe(true);
    } finally {
      await pglite.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
