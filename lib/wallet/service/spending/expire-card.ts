// simulate/expireCard (docs/card-spending.md "Sandbox and live"): a sandbox card's expiry set to
// last month (UTC), so that its next purchase is declined CARD_EXPIRED. Only while WALLET_SIMULATION
// is on, as every simulate/* operation (the router leaves it out otherwise).
import { and, eq } from 'drizzle-orm';
import { simulateExpireCard } from '@/lib/wallet/contract/operations/simulate-expire-card';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { cards } from '../db/schema';

/** The month before `now`'s (UTC), as a card stores its expiry: MM and yyyy. */
export function lastMonth(now: Date): { expireMonth: string; expireYear: string } {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return {
    expireMonth: String(d.getUTCMonth() + 1).padStart(2, '0'),
    expireYear: String(d.getUTCFullYear()),
  };
}

export async function expireCard(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: { cardId: number };
  now?: Date;
}): Promise<{ cardId: number; expireMonth: string; expireYear: string }> {
  const { db, app, params } = options;
  const expiry = lastMonth(options.now ?? new Date());
  const [updated] = await db
    .update(cards)
    .set({ ...expiry, updatedAt: new Date() })
    .where(and(eq(cards.id, params.cardId), eq(cards.appId, app.id)))
    .returning({ cardId: cards.id });
  if (!updated) {
    throw new WalletError(ResultCode.CARD_NOT_FOUND, `Card ${params.cardId} does not exist under this app.`);
  }
  return { cardId: updated.cardId, ...expiry };
}

/** simulateExpireCard's handler (lib/wallet/contract/operations/simulate-expire-card.ts). */
export const simulateExpireCardHandler = bindHandler(simulateExpireCard, expireCard);
