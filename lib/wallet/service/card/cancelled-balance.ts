// Where a cancelled card's money goes (docs/card-spending.md "Rules"): card/cancel
// moves the card asset's balance to the owner's WALLET asset of the card's currency, card/replace
// to the replacement card's asset, and each records that asset on the card (balance_moved_to). A
// refund to the card after that follows the same way, on through replacement cards that are
// cancelled in their turn. Each card on the way is read FOR SHARE, so a cancel of the card the
// money lands on waits for the refund (and then moves it on) or is seen by it (and it goes on).
import { and, eq, sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import type { Executor } from '../context';
import { assets, cards } from '../db/schema';

/**
 * The user's first WALLET asset of `currency` (where card/cancel moves a card's balance), found by
 * app and user: assets_app_user_idx leads with app_id, and by user_id alone PostgreSQL walks the
 * whole index (docs/deposits-and-kyt.md "The statements of a deposit" met it first).
 */
export async function walletAssetOf(
  db: Executor,
  owner: { appId: number; userId: number },
  currency: string,
): Promise<number> {
  const [wallet] = await db
    .select({ id: assets.id })
    .from(assets)
    .where(
      and(
        eq(assets.appId, owner.appId),
        eq(assets.userId, owner.userId),
        eq(assets.type, 'WALLET'),
        eq(assets.currency, currency),
      ),
    )
    .orderBy(assets.id)
    .limit(1);
  if (!wallet) throw new Error(`user ${owner.userId} has no ${currency} wallet for a cancelled card's money`);
  return wallet.id;
}

/** The asset a cancelled card's money goes to now; the card itself must be CANCELLED. */
export async function cancelledCardDestination(db: Executor, cardId: number): Promise<number> {
  let id = cardId;
  // A chain of replacements is short; the bound only guards against a cycle no code can make.
  for (let hop = 0; hop < 64; hop++) {
    const [card] = await rawRows<{
      status: string;
      card_asset_id: number;
      balance_moved_to: number | null;
      user_id: number;
      app_id: number;
      currency: string;
    }>(
      db,
      sql`select c.status, c.card_asset_id, c.balance_moved_to, c.user_id, a.app_id, a.currency
            from ${cards} c join ${assets} a on a.id = c.card_asset_id
           where c.id = ${id} for share of c`,
    );
    if (!card) throw new Error(`card ${id} is missing`);
    if (card.status !== 'CANCELLED') return card.card_asset_id;
    // Cancelled with nothing to move before the column was kept: the wallet, as card/cancel does.
    if (card.balance_moved_to === null)
      return walletAssetOf(db, { appId: card.app_id, userId: card.user_id }, card.currency);
    const [next] = await db
      .select({ id: cards.id })
      .from(cards)
      .where(eq(cards.cardAssetId, card.balance_moved_to));
    if (!next) return card.balance_moved_to;
    id = next.id;
  }
  throw new Error(`card ${cardId}: too many replacements to follow`);
}
