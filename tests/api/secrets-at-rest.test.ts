// App secrets at rest (docs/architecture.md "Embedded default"): stored sealed with the master key,
// plain ones sealed at start, a rotation re-sealing them all, and signed calls working throughout;
// the back-office key (docs/security.md "Rate limit") given to an app from before it by its next
// provisioning, sealed, left as it is by the one after, and re-sealed by a rotation too.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apps, webhookEndpoints } from '@/lib/wallet/service/db/schema';
import { configuredSecretBox, sealAppSecrets } from '@/lib/wallet/service/secrets/app-secrets';
import { createSecretBox, isSealed } from '@/lib/wallet/service/secrets/secret-box';
import { walletMasterKey } from '@/lib/env';
import { provision } from '@/lib/wallet/service/provision';
import { callWallet } from '../helpers/wallet-call';
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
