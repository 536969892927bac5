// The cardholder's own view of their cards (docs/wallet-api.md "The walletToken"): me/cards,
// me/card/authorizations, me/card/freeze and me/card/unfreeze, answered for the user the
// walletToken names (the HTTP layer found them: context.cardholder). A card of another user is
// 4008, as the agency's card operations answer it. No whole number: the mask and the last four.
// A freeze is a lock with the reason CARDHOLDER_FROZEN; an unfreeze undoes only that (a lock the
// agency made, or CVV_ATTEMPTS, stays: 4009).
import { eq, sql } from 'drizzle-orm';
import { rawRows, type DatabaseHandle } from '@/lib/db/open';
import { maskedCardNumber } from '@/lib/wallet/contract/card-number';
import { minorToMajor } from '@/lib/wallet/contract/money';
import { meCardAuthorizations } from '@/lib/wallet/contract/operations/me-card-authorizations';
import { meCardFreeze, meCardUnfreeze } from '@/lib/wallet/contract/operations/me-card-freeze';
import { meCards } from '@/lib/wallet/contract/operations/me-cards';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { CardholderCard } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { cards } from '../db/schema';
import { categoriesFor } from '../card/category-catalogue';
import { findCardOrThrow } from '../card/find-card';
import { recordEvent } from '../event/record-event';
import { listCardAuthorizations } from '../spending/list-authorizations';
import { cardholderOf } from './card-details-link';

const ME_CARD_COLUMNS = `c.id, c.category_id, c.status, c.status_reason, c.expire_month, c.expire_year,
  c.first6, c.last4, c.number_length, a.balance, a.held`;

/** me/cards: the user's cards with their card asset, in issue order; one prepared statement. */
export const ME_CARDS = {
  name: 'wallet_me_cards',
  text: `select ${ME_CARD_COLUMNS}
from wallet.cards c join wallet.assets a on a.id = c.card_asset_id
where c.user_id = $1
order by c.id`,
} as const;

type MeCardRow = {
  id: number;
  category_id: number;
  status: string;
  status_reason: string | null;
  expire_month: string;
  expire_year: string;
  first6: string;
  last4: string;
  number_length: number;
  balance: string | number;
  held: string | number;
};

function toCardholderCard(
  row: MeCardRow,
  category: { name: string; network: string; currency: string; decimalPlaces: number },
): CardholderCard {
  const balance = Number(row.balance);
  return {
    cardId: row.id,
    name: category.name,
    network: category.network,
    last4: row.last4,
    maskedNumber: maskedCardNumber({ first6: row.first6, last4: row.last4, length: row.number_length }),
    status: row.status as CardholderCard['status'],
    statusReason: row.status_reason as CardholderCard['statusReason'],
    expireMonth: row.expire_month,
    expireYear: row.expire_year,
    currency: category.currency,
    balance: minorToMajor(balance, category.decimalPlaces),
    availableBalance: minorToMajor(balance - Number(row.held), category.decimalPlaces),
  };
}

/** The cardholder's cards (every status), oldest first. */
export async function listMyCards(options: {
  engine: DatabaseHandle;
  cardholder?: { userId: number; appUserId: string };
}): Promise<CardholderCard[]> {
  const { engine } = options;
  const rows = await engine.query<MeCardRow>(ME_CARDS.text, [cardholderOf(options).userId], ME_CARDS.name);
  const categories = await categoriesFor(
    engine,
    rows.map((r) => r.category_id),
  );
  return rows.map((row) => toCardholderCard(row, categories.get(row.category_id)!));
}

/** One card as me/* answers it, read in `db` (the transaction that just changed it). */
async function myCard(db: Executor, engine: DatabaseHandle, cardId: number) {
  const [row] = await rawRows<MeCardRow>(
    db,
    sql`select ${sql.raw(ME_CARD_COLUMNS)}
          from wallet.cards c join wallet.assets a on a.id = c.card_asset_id where c.id = ${cardId}`,
  );
  if (!row) throw new Error(`card ${cardId} vanished`);
  const category = (await categoriesFor(engine, [row.category_id], db)).get(row.category_id)!;
  return toCardholderCard(row, category);
}

/**
 * Freeze (ACTIVE to LOCKED, CARDHOLDER_FROZEN) or unfreeze (LOCKED with CARDHOLDER_FROZEN to
 * ACTIVE), the card's row locked first as every status change takes it; one card.status_changed.
 */
export async function freezeMyCard(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  cardholder?: { userId: number; appUserId: string };
  params: { cardId: number };
  freeze: boolean;
  now?: Date;
}): Promise<CardholderCard> {
  const { db, app, params, freeze } = options;
  const now = options.now ?? new Date();
  const cardholder = cardholderOf(options);
  const found = await findCardOrThrow({
    ...options,
    appUserId: cardholder.appUserId,
    cardId: params.cardId,
    lock: true,
  });
  const { status, statusReason } = found.card;
  const allowed = freeze ? status === 'ACTIVE' : status === 'LOCKED' && statusReason === 'CARDHOLDER_FROZEN';
  if (!allowed) {
    throw new WalletError(
      ResultCode.CARD_STATUS_CONFLICT,
      freeze
        ? `Card ${found.card.id} is ${status}, so it cannot be frozen.`
        : status === 'LOCKED'
          ? `Card ${found.card.id} was locked by the card programme (${statusReason ?? 'no reason'}), so only the programme can unlock it.`
          : `Card ${found.card.id} is ${status}, so it cannot be unfrozen.`,
    );
  }
  const to = freeze ? 'LOCKED' : 'ACTIVE';
  const reason = freeze ? 'CARDHOLDER_FROZEN' : null;
  await db
    .update(cards)
    .set({ status: to, statusReason: reason, updatedAt: now })
    .where(eq(cards.id, found.card.id));
  await recordEvent({
    db,
    app,
    type: 'card.status_changed',
    data: {
      cardId: found.card.id,
      appUserId: cardholder.appUserId,
      fromStatus: status as 'ACTIVE' | 'LOCKED',
      toStatus: to,
      // An unfreeze says whose lock it undid.
      reason: 'CARDHOLDER_FROZEN',
    },
    now,
  });
  return myCard(db, options.engine, found.card.id);
}

/** meCards' handler (lib/wallet/contract/operations/me-cards.ts). */
export const meCardsHandler = bindHandler(meCards, listMyCards);

/** meCardAuthorizations' handler (lib/wallet/contract/operations/me-card-authorizations.ts). */
export const meCardAuthorizationsHandler = bindHandler(meCardAuthorizations, (context) =>
  listCardAuthorizations({
    ...context,
    params: { ...context.params, appUserId: cardholderOf(context).appUserId },
  }),
);

/** meCardFreeze's handler (lib/wallet/contract/operations/me-card-freeze.ts). */
export const meCardFreezeHandler = bindHandler(meCardFreeze, (context) =>
  freezeMyCard({ ...context, freeze: true }),
);

/** meCardUnfreeze's handler (lib/wallet/contract/operations/me-card-freeze.ts). */
export const meCardUnfreezeHandler = bindHandler(meCardUnfreeze, (context) =>
  freezeMyCard({ ...context, freeze: false }),
);
