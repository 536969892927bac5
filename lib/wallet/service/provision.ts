// First-start provisioning (docs/architecture.md "Embedded default"): the agency, its app and
// secret, the card category catalogue and the agency's CARD_MARGIN asset with an opening balance
// (and its ledger entry). Idempotent: what exists is left as it is, except the app's two secrets
// (the agency's and the back-office key, docs/security.md "Rate limit"), which follow the
// configuration so that the back-office and the service keep agreeing: an app from before the
// back-office key gets one at its next start.
import { and, eq, isNull } from 'drizzle-orm';
import type { WalletDatabase as Database } from '@/lib/wallet/service/db';
import { agencies, apps, assets, cardCategories, ledgerEntries } from '@/lib/wallet/service/db/schema';
import { env, walletAppSecret, walletBackofficeSecret } from '@/lib/env';
import { configuredSecretBox } from './secrets/app-secrets';
import { isSealed, type SecretBox } from './secrets/secret-box';

export type CategorySeed = {
  code: string;
  name: string;
  network: 'VISA' | 'MASTERCARD';
  type: 'VIRTUAL' | 'PHYSICAL';
  feeMinor: number;
  bin: string;
  level: number;
  feature: string;
  styleConfig: string;
};

/** The catalogue every installation starts with; fees in USD cents. */
export const CARD_CATALOGUE: readonly CategorySeed[] = [
  {
    code: 'VIRTUAL_VISA_CLASSIC',
    name: 'Virtual Visa Classic',
    network: 'VISA',
    type: 'VIRTUAL',
    feeMinor: 500,
    bin: '453201',
    level: 1,
    feature: 'Online and in-app payments',
    styleConfig: '{"background":"#1a1f71","foreground":"#ffffff"}',
  },
  {
    code: 'VIRTUAL_MASTERCARD_PLATINUM',
    name: 'Virtual Mastercard Platinum',
    network: 'MASTERCARD',
    type: 'VIRTUAL',
    feeMinor: 1000,
    bin: '522233',
    level: 2,
    feature: 'Online payments with higher limits',
    styleConfig: '{"background":"#3c3c3c","foreground":"#f79e1b"}',
  },
  {
    code: 'PHYSICAL_VISA_GOLD',
    name: 'Physical Visa Gold',
    network: 'VISA',
    type: 'PHYSICAL',
    feeMinor: 2500,
    bin: '455676',
    level: 3,
    feature: 'Contactless card delivered to the holder',
    styleConfig: '{"background":"#b8860b","foreground":"#ffffff"}',
  },
  {
    code: 'PHYSICAL_MASTERCARD_WORLD',
    name: 'Physical Mastercard World Elite',
    network: 'MASTERCARD',
    type: 'PHYSICAL',
    feeMinor: 5000,
    bin: '545454',
    level: 4,
    feature: 'Metal card with worldwide benefits, delivered to the holder',
    styleConfig: '{"background":"#000000","foreground":"#c0c0c0"}',
  },
];

export const USD = { currency: 'USD', symbol: '$', icon: '/icons/usd.svg', decimalPlaces: 2 } as const;

/** Opening balance: 1,000 cards of every category at once (sum of fees x 1,000), with room to spare. */
export const AGENCY_OPENING_BALANCE_MINOR = 10_000_000; // 100,000.00 USD

export type ProvisionConfig = {
  agencyCode: string;
  agencyName?: string;
  appId: string;
  appSecret: string;
  /** The back-office key; left as stored when not given. */
  backofficeSecret?: string;
  openingBalanceMinor?: number;
};

export type ProvisionResult = { appKey: number; agencyAssetId: number; created: boolean };

export async function provision(
  db: Database,
  config: ProvisionConfig,
  box: SecretBox = configuredSecretBox(),
): Promise<ProvisionResult> {
  return db.transaction(async (tx) => {
    await tx
      .insert(agencies)
      .values({ code: config.agencyCode, name: config.agencyName ?? `Agency ${config.agencyCode}` })
      .onConflictDoNothing();
    const [agency] = await tx.select().from(agencies).where(eq(agencies.code, config.agencyCode));
    if (!agency) throw new Error('agency row missing after insert');

    await tx
      .insert(apps)
      .values({
        agencyId: agency.id,
        appId: config.appId,
        name: config.appId,
        secret: box.seal(config.appSecret),
        ...(config.backofficeSecret ? { backofficeSecret: box.seal(config.backofficeSecret) } : {}),
      })
      .onConflictDoNothing();
    const [app] = await tx.select().from(apps).where(eq(apps.appId, config.appId));
    if (!app) throw new Error('app row missing after insert');
    if (app.agencyId !== agency.id) {
      throw new Error(
        `App ${config.appId} already exists under another agency; choose another WALLET_APP_ID.`,
      );
    }
    if (config.backofficeSecret === config.appSecret) {
      throw new Error(
        "The back-office key must differ from the app secret: its calls would count as the agency's.",
      );
    }
    if (!isSealed(app.secret) || openOrNull(box, app.secret) !== config.appSecret) {
      await tx
        .update(apps)
        .set({ secret: box.seal(config.appSecret) })
        .where(eq(apps.id, app.id));
    }
    const { backofficeSecret } = config;
    if (
      backofficeSecret &&
      (app.backofficeSecret === null ||
        !isSealed(app.backofficeSecret) ||
        openOrNull(box, app.backofficeSecret) !== backofficeSecret)
    ) {
      await tx
        .update(apps)
        .set({ backofficeSecret: box.seal(backofficeSecret) })
        .where(eq(apps.id, app.id));
    }

    await tx
      .insert(cardCategories)
      .values(
        CARD_CATALOGUE.map((c) => ({
          code: c.code,
          name: c.name,
          network: c.network,
          type: c.type,
          currency: USD.currency,
          currencySymbol: USD.symbol,
          currencyIcon: USD.icon,
          decimalPlaces: USD.decimalPlaces,
          fee: c.feeMinor,
          bin: c.bin,
          level: c.level,
          feature: c.feature,
          styleConfig: c.styleConfig,
          validityYears: 3,
        })),
      )
      .onConflictDoNothing();

    const opening = config.openingBalanceMinor ?? AGENCY_OPENING_BALANCE_MINOR;
    const [created] = await tx
      .insert(assets)
      .values({
        appId: app.id,
        userId: null,
        type: 'CARD_MARGIN',
        code: 'CARD_MARGIN_USD',
        name: 'Card margin (USD)',
        currency: USD.currency,
        symbol: USD.symbol,
        icon: USD.icon,
        decimalPlaces: USD.decimalPlaces,
        balance: opening,
        isDefault: true,
      })
      .onConflictDoNothing()
      .returning({ id: assets.id });
    if (created) {
      // A ledger entry for every balance change and only then: no entry for an empty opening.
      if (opening > 0) {
        await tx
          .insert(ledgerEntries)
          .values({ assetId: created.id, amount: opening, balanceAfter: opening, reason: 'PROVISION' });
      }
      return { appKey: app.id, agencyAssetId: created.id, created: true };
    }
    const [existing] = await tx
      .select({ id: assets.id })
      .from(assets)
      .where(and(eq(assets.appId, app.id), isNull(assets.userId), eq(assets.code, 'CARD_MARGIN_USD')));
    if (!existing) throw new Error('agency asset missing');
    return { appKey: app.id, agencyAssetId: existing.id, created: false };
  });
}

export function provisionFromEnv(db: Database): Promise<ProvisionResult> {
  return provision(db, {
    agencyCode: env.WALLET_AGENCY_CODE,
    appId: env.WALLET_APP_ID,
    appSecret: walletAppSecret(),
    backofficeSecret: walletBackofficeSecret(),
  });
}

/** The provisioned app's stored secret, or null when this process's keys cannot open it: the
 * configured secret is the one that counts for it, so it is then sealed again. */
function openOrNull(box: SecretBox, sealed: string): string | null {
  try {
    return box.open(sealed);
  } catch {
    return null;
  }
}
