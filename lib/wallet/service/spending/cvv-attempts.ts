// CVV and expiry at the till (docs/card-spending.md "CVV and expiry"): a purchase that carries a
// CVV or an expiry is checked against the card's (CVV_MISMATCH, EXPIRY_MISMATCH), and three CVV
// mismatches on one card within 24 hours lock it (reason CVV_ATTEMPTS): a guesser gets three
// tries, not a thousand. Exactly once however many arrive together: an authorization that carries
// a CVV takes the card's row FOR UPDATE (not FOR SHARE), so such authorizations of one card
// queue; the one whose mismatch is the third counts it in its own transaction and locks the card,
// and those after it find the card LOCKED (CARD_NOT_ACTIVE, before any CVV check). The count
// starts again when the card is made ACTIVE (an unlock), so an unlocked card has three tries again.
import { timingSafeEqual } from 'node:crypto';
import type { DatabaseHandle } from '@/lib/db/open';
import type { AuthenticatedApp, Executor } from '../context';
import { revealCardSecrets } from '../card/card-secrets';
import { recordEvent } from '../event/record-event';
import { spendRows, type SpendStatement } from './spend-statements';

/** How many CVV mismatches within CVV_WINDOW_MS lock a card. */
export const CVV_ATTEMPTS_LIMIT = 3;
export const CVV_WINDOW_MS = 24 * 3_600_000;

/** The card and its owner, the card's row FOR UPDATE: an authorization that carries a CVV. */
export const SPEND_CARD_UPDATE: SpendStatement = {
  name: 'wallet_spend_card_update',
  text: `select c.id, c.user_id, u.app_user_id, c.card_asset_id, c.status, c.expire_month, c.expire_year
  from wallet.cards c join wallet.users u on u.id = c.user_id
 where c.id = $1 and c.app_id = $2
   for update of c`,
};

/** The card's CVV mismatches since the later of 24 hours ago and its last move to ACTIVE. */
const CVV_MISMATCHES: SpendStatement = {
  name: 'wallet_cvv_mismatches',
  text: `select count(*)::int as n from wallet.authorizations a
 where a.card_id = $1 and a.decline_reason = 'CVV_MISMATCH' and a.created_at > $2::timestamptz
   and a.created_at > coalesce((select max(h.created_at) from wallet.card_status_history h
                                 where h.card_id = $1 and h.to_status = 'ACTIVE'), '-infinity')`,
};

const LOCK_FOR_CVV: SpendStatement = {
  name: 'wallet_lock_for_cvv',
  text: `update wallet.cards set status = 'LOCKED', status_reason = 'CVV_ATTEMPTS', updated_at = $2::timestamptz
 where id = $1 and status = 'ACTIVE' returning id`,
};

/** The purchase's expiry (MMYY) against the card's (MM, yyyy); undefined when none was given. */
export function expiryMatches(given: string | undefined, card: { expireMonth: string; expireYear: string }) {
  if (given === undefined) return undefined;
  return given === `${card.expireMonth.padStart(2, '0')}${card.expireYear.slice(-2)}`;
}

/** The purchase's CVV against the card's sealed one; undefined when none was given. */
export async function cvvMatches(db: Executor, cardId: number, given: string | undefined) {
  if (given === undefined) return undefined;
  const secrets = await revealCardSecrets(db, cardId);
  if (!secrets) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secrets.cvv);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * After a CVV_MISMATCH was recorded (in the same transaction, the card's row held FOR UPDATE): the
 * third within the window locks the card, with its card.status_changed event. True if it did.
 */
export async function lockAfterCvvAttempts(options: {
  db: Executor;
  engine?: DatabaseHandle;
  app: AuthenticatedApp;
  card: { cardId: number; appUserId: string };
  now: Date;
}): Promise<boolean> {
  const { db, engine, app, card, now } = options;
  const since = new Date(now.getTime() - CVV_WINDOW_MS).toISOString();
  const [counted] = await spendRows<{ n: number }>(db, engine, CVV_MISMATCHES, [card.cardId, since]);
  if (Number(counted?.n ?? 0) < CVV_ATTEMPTS_LIMIT) return false;
  const locked = await spendRows(db, engine, LOCK_FOR_CVV, [card.cardId, now.toISOString()]);
  if (locked.length === 0) return false;
  await recordEvent({
    db,
    app,
    type: 'card.status_changed',
    data: {
      cardId: card.cardId,
      appUserId: card.appUserId,
      fromStatus: 'ACTIVE',
      toStatus: 'LOCKED',
      reason: 'CVV_ATTEMPTS',
    },
    now,
  });
  return true;
}
