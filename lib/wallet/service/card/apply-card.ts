// 4.3 / 4.4 Card application. In the caller's one transaction: the card's own asset and the card
// are written, then the fee is taken from the payment asset by a single conditional UPDATE
// (balance >= fee) together with its ledger debit, so concurrent applications can never
// overdraw it. Any failure, a short balance included, rolls all of it back. The card.issued event
// is written before the debit (not under the payment asset's lock); a debit of an agency asset
// that crosses the low-balance line also writes asset.low_balance.
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import {
  addresses,
  assets,
  cardCategories,
  cards,
  ledgerEntries,
  users,
} from '@/lib/wallet/service/db/schema';
import { generateCardNumber, luhnValid, maskedCardNumber } from '@/lib/wallet/contract/card-number';
import { formatMinor, minorToMajor } from '@/lib/wallet/contract/money';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { CardApplication } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { noteAgencyDebit } from '../event/low-balance';
import { recordEvent } from '../event/record-event';
import { userNotFound } from '../user/find-user';
import { configuredSecretBox } from '../secrets/app-secrets';
import { cardNumberIsBound, newCardSecretColumns } from './card-secrets';
import { toManagedCard } from './find-card';
import { agencyApplyUserCard } from '@/lib/wallet/contract/operations/agency-apply-user-card';
import { userApplyCard } from '@/lib/wallet/contract/operations/user-apply-card';
import { bindHandler } from '../bind-handler';

export type Payer = 'AGENCY' | 'USER';

const GENERATION_ATTEMPTS = 5;

type ApplyCardOptions = {
  db: Executor;
  /** For the category catalogue (the low-balance line); absent in tests that never cross it. */
  engine?: DatabaseHandle;
  app: AuthenticatedApp;
  payer: Payer;
  params: OperationParams<'agencyApplyUserCard'>;
  now?: Date;
};

type ApplyCardParams = ApplyCardOptions['params'];

export async function applyCard(options: ApplyCardOptions): Promise<CardApplication> {
  const { db, app, payer, params } = options;
  const now = options.now ?? new Date();

  if (params.needDelivery && params.addressId === undefined) {
    throw new WalletError(
      ResultCode.DELIVERY_ADDRESS_MISSING,
      'needDelivery is true, so addressId is required.',
    );
  }
  const { user, category, asset } = await findApplicant(db, app, payer, params);
  if (params.addressId !== undefined) await checkAddress(db, user.id, params.addressId);
  if (params.cardNumber !== undefined) await checkSuppliedNumber(db, params.cardNumber);

  const cardAssetId = await insertCardAsset(db, app, user.id, category);
  const card = await insertCard(
    db,
    newCard({ app, payer, params, now, user, category, paymentAssetId: asset.id, cardAssetId }),
    params.cardNumber,
    category.bin,
  );
  // The card number in the record (masked) is dropped by recordEvent (the event's schema has last4).
  await recordEvent({
    db,
    app,
    type: 'card.issued',
    data: {
      ...toManagedCard({ card, owner: user, category }, app.appId),
      payer,
      fee: minorToMajor(category.fee, category.decimalPlaces),
    },
    now,
  });
  await debitFee(options, asset, category, card.id);
  return toApplication(card, category.type === 'PHYSICAL', params.needDelivery);
}

/**
 * The user, the category and the payment asset in one round trip (a card application is the
 * busiest write): a missing user means no row; a missing category or asset, a null half. The
 * payment asset must be the payer's, not a card's, and in the category's currency.
 */
async function findApplicant(db: Executor, app: AuthenticatedApp, payer: Payer, params: ApplyCardParams) {
  const [found] = await db
    .select({
      user: {
        id: users.id,
        appUserId: users.appUserId,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      category: cardCategories,
      asset: { id: assets.id, currency: assets.currency, userId: assets.userId },
    })
    .from(users)
    .leftJoin(cardCategories, eq(cardCategories.id, params.categoryId))
    .leftJoin(
      assets,
      and(
        eq(assets.id, params.paymentAssetId),
        eq(assets.appId, app.id),
        payer === 'AGENCY' ? isNull(assets.userId) : eq(assets.userId, users.id),
        sql`${assets.type} <> 'CARD'`,
      ),
    )
    .where(and(eq(users.appId, app.id), eq(users.appUserId, params.appUserId)))
    .limit(1);
  if (!found) throw userNotFound(params.appUserId);
  const { user, category, asset } = found;
  if (!category)
    throw new WalletError(
      ResultCode.CATEGORY_NOT_FOUND,
      `Card category ${params.categoryId} does not exist.`,
    );
  if (!asset) {
    const owner = payer === 'AGENCY' ? "the agency's" : `user ${user.appUserId}'s`;
    throw new WalletError(
      ResultCode.PAYMENT_ASSET_NOT_FOUND,
      `Payment asset ${params.paymentAssetId} is not one of ${owner} assets.`,
    );
  }
  if (asset.currency !== category.currency) {
    throw new WalletError(
      ResultCode.PAYMENT_ASSET_NOT_FOUND,
      `Payment asset ${asset.id} holds ${asset.currency}, but the card category is paid in ${category.currency}.`,
    );
  }
  return { user, category, asset };
}

type Applicant = Awaited<ReturnType<typeof findApplicant>>;

/** The delivery address must be one of the user's own. */
async function checkAddress(db: Executor, userId: number, addressId: number): Promise<void> {
  const [address] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)));
  if (!address)
    throw new WalletError(
      ResultCode.ADDRESS_NOT_FOUND,
      `Address ${addressId} is not one of this user's addresses.`,
    );
}

/** A supplied card number must pass the Luhn check and be bound to no card yet. */
async function checkSuppliedNumber(db: Executor, cardNumber: string): Promise<void> {
  if (!luhnValid(cardNumber)) {
    throw new WalletError(
      ResultCode.CARD_NUMBER_INVALID,
      'cardNumber must be 12-19 digits with a valid Luhn check digit.',
    );
  }
  if (await cardNumberIsBound(db, configuredSecretBox(), cardNumber)) throw cardNumberBound();
}

/** The card's own account: a CARD asset of the user, empty, in the category's currency. */
async function insertCardAsset(
  db: Executor,
  app: AuthenticatedApp,
  userId: number,
  category: Applicant['category'],
): Promise<number> {
  const [cardAsset] = await db
    .insert(assets)
    .values({
      appId: app.id,
      userId,
      type: 'CARD',
      code: `CARD_${category.currency}`,
      name: `${category.name} (${category.currency})`,
      currency: category.currency,
      symbol: category.currencySymbol,
      icon: category.currencyIcon,
      decimalPlaces: category.decimalPlaces,
      balance: 0,
      isDefault: false,
    })
    .returning({ id: assets.id });
  if (!cardAsset) throw new Error('card asset insert returned no row');
  return cardAsset.id;
}

/**
 * The card's row but its number: a virtual card is active at once, a physical one pending until
 * produced; it expires on the first of the month, the category's validity in years from now.
 */
function newCard(input: {
  app: AuthenticatedApp;
  payer: Payer;
  params: ApplyCardParams;
  now: Date;
  user: Applicant['user'];
  category: Applicant['category'];
  paymentAssetId: number;
  cardAssetId: number;
}): NewCard {
  const { app, payer, params, now, user, category } = input;
  const physical = category.type === 'PHYSICAL';
  const expiry = new Date(Date.UTC(now.getUTCFullYear() + category.validityYears, now.getUTCMonth(), 1));
  return {
    appId: app.id,
    userId: user.id,
    categoryId: category.id,
    paymentAssetId: input.paymentAssetId,
    cardAssetId: input.cardAssetId,
    paidBy: payer,
    fee: category.fee,
    cardUuid: randomUUID(),
    embossedName: params.embossedName,
    cardHolder: `${user.firstName} ${user.lastName}`,
    expireMonth: String(expiry.getUTCMonth() + 1).padStart(2, '0'),
    expireYear: String(expiry.getUTCFullYear()),
    status: physical ? 'PENDING' : 'ACTIVE',
    cardAccountStatus: physical ? 'PENDING' : 'APPROVED',
    channel: 'CRYPTO',
    needDelivery: params.needDelivery,
    addressId: params.needDelivery ? (params.addressId ?? null) : null,
    cardImageUrl: params.cardImageUrl ?? null,
    rejectReason: null,
    activeTime: physical ? null : now,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Takes the fee, last, in one statement with its ledger entry: the conditional UPDATE takes the
 * payment asset's row lock, which concurrent applications against the same asset queue on, so it
 * is held for as little as possible (this statement and the commit). No row: the balance is short.
 * An agency asset's debit may cross its low-balance line (noteAgencyDebit).
 */
async function debitFee(
  { db, engine, app }: ApplyCardOptions,
  asset: Applicant['asset'],
  category: Applicant['category'],
  cardId: number,
): Promise<void> {
  const [debited] = await rawRows<{ balance_after: string }>(
    db,
    sql`with debited as (
          update ${assets} set balance = balance - ${category.fee}
          where id = ${asset.id} and balance >= ${category.fee}
          returning balance
        )
        insert into ${ledgerEntries} (asset_id, amount, balance_after, reason, card_id)
        select ${asset.id}, ${-category.fee}, balance, 'CARD_FEE', ${cardId} from debited
        returning balance_after`,
  );
  if (!debited) {
    const [current] = await db
      .select({ balance: assets.balance })
      .from(assets)
      .where(eq(assets.id, asset.id));
    const dp = category.decimalPlaces;
    throw new WalletError(
      ResultCode.BALANCE_INSUFFICIENT,
      `Payment asset ${asset.id} holds ${formatMinor(current?.balance ?? 0, dp)} ${asset.currency}, less than the card fee of ${formatMinor(category.fee, dp)} ${category.currency}.`,
    );
  }
  if (asset.userId === null && engine) {
    const afterMinor = Number(debited.balance_after);
    await noteAgencyDebit({
      db,
      engine,
      app,
      asset: { id: asset.id, currency: asset.currency, decimalPlaces: category.decimalPlaces },
      beforeMinor: afterMinor + category.fee,
      afterMinor,
    });
  }
}

/** The application's answer (docs/wallet-api.md "4.3 The agency applies for a card for a user"). */
function toApplication(
  card: typeof cards.$inferSelect,
  physical: boolean,
  needDelivery: boolean,
): CardApplication {
  return {
    channel: card.channel,
    status: card.status as CardApplication['status'],
    cardAccountStatus: card.cardAccountStatus as CardApplication['cardAccountStatus'],
    cardId: card.id,
    cardNumber: maskedCardNumber({ first6: card.first6, last4: card.last4, length: card.numberLength }),
    cardUUID: card.cardUuid,
    embossedName: card.embossedName,
    expiryMonth: card.expireMonth,
    expiryYear: card.expireYear,
    last4: card.last4,
    msg: physical
      ? needDelivery
        ? 'Card application accepted: the card will be produced and delivered to the chosen address.'
        : 'Card application accepted: the card will be produced and is pending activation.'
      : 'Card issued and active.',
  };
}

type NewCard = Omit<
  typeof cards.$inferInsert,
  'sealedSecrets' | 'first6' | 'last4' | 'numberLength' | 'fingerprint' | 'plainCardNumber'
>;

/**
 * Inserts the card, its number sealed with a new CVV (card-secrets.ts). A clash on the unique
 * fingerprint (a generated number colliding, or a supplied one bound concurrently) inserts
 * nothing instead of raising, so the transaction lives on without a savepoint: a generated number
 * is drawn again, a supplied one is reported.
 */
async function insertCard(db: Executor, values: NewCard, supplied: string | undefined, bin: string) {
  const box = configuredSecretBox();
  for (let attempt = 1; attempt <= GENERATION_ATTEMPTS; attempt++) {
    const cardNumber = supplied ?? generateCardNumber(bin);
    const [row] = await db
      .insert(cards)
      .values({ ...values, ...newCardSecretColumns(box, cardNumber) })
      .onConflictDoNothing({ target: cards.fingerprint })
      .returning();
    if (row) return row;
    if (supplied) throw cardNumberBound();
  }
  throw new Error(`no free card number under BIN ${bin} after ${GENERATION_ATTEMPTS} attempts`);
}

function cardNumberBound(): WalletError {
  return new WalletError(ResultCode.CARD_NUMBER_INVALID, 'cardNumber is already bound to a card.');
}

/** agencyApplyUserCard's handler (lib/wallet/contract/operations/agency-apply-user-card.ts). */
export const agencyApplyUserCardHandler = bindHandler(agencyApplyUserCard, (context) =>
  applyCard({ ...context, payer: 'AGENCY' }),
);

/** userApplyCard's handler (lib/wallet/contract/operations/user-apply-card.ts). */
export const userApplyCardHandler = bindHandler(userApplyCard, (context) =>
  applyCard({ ...context, payer: 'USER' }),
);
