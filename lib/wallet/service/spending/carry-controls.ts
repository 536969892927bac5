// A replaced card's spending controls, carried to its replacement (docs/wallet-api.md
// "card/replace", docs/card-spending.md "Spending controls"): its limits and blocked lists, and what
// the limits have counted, in card/replace's one transaction. The counts move whole (every window
// the old card has, so today's, this month's and all time's among them): a replacement must not
// reset a daily limit, and a refund of a purchase made on the old card later lowers the new card's
// count of that window as it lowers the old one's (refund-transaction.ts). card/replace holds the
// old card's row FOR UPDATE before it reverses the open holds and comes here, and every change to
// what the old card counts (an authorization, a clear, a reversal, a refund) takes that row FOR
// SHARE first, so what is copied is what the old card counts at the moment it is cancelled. The
// new card was inserted in this transaction: no one else sees it yet.
import { sql } from 'drizzle-orm';
import type { Executor } from '../context';
import { cardControls, cards, cardSpendTotals } from '../db/schema';

export async function carryControls(db: Executor, fromCardId: number, toCardId: number): Promise<void> {
  await db.execute(
    sql`insert into ${cardControls}
          (card_id, per_transaction, daily, monthly, all_time, blocked_mcc, blocked_countries, updated_at)
        select ${toCardId}, per_transaction, daily, monthly, all_time, blocked_mcc, blocked_countries, updated_at
          from ${cardControls} where card_id = ${fromCardId}`,
  );
  await db.execute(
    sql`insert into ${cardSpendTotals} (card_id, "window", amount)
        select ${toCardId}, "window", amount from ${cardSpendTotals} where card_id = ${fromCardId}`,
  );
}

/**
 * A refund of a purchase made on a card since replaced: the count it lowered on the old card is
 * lowered on the card the money went on to as well, when that is a card (a cancel's wallet counts
 * nothing), in the windows of the purchase's approval. Only rows that exist, and never below 0: a
 * card replaced before counts were carried has none of the old card's to lower.
 */
export async function lowerCarriedCounts(
  db: Executor,
  destinationAssetId: number,
  windows: readonly string[],
  amountMinor: number,
): Promise<void> {
  await db.execute(
    sql`update ${cardSpendTotals} t set amount = greatest(0, t.amount - ${amountMinor})
          from ${cards} c
         where c.card_asset_id = ${destinationAssetId} and t.card_id = c.id
           and t."window" in (${sql.join(
             windows.map((w) => sql`${w}`),
             sql`, `,
           )})`,
  );
}
