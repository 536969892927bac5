// asset.low_balance (docs/wallet-api.md "Events and webhooks"): an agency asset's balance fell
// below what pays for 100 cards of its dearest category (of the asset's currency). Once per
// crossing: the event is written when a debit takes the balance from at or above that line to below
// it, and so never again until the balance has risen above the line and crosses it again. The debit
// knows the balance before and after under its row lock, so the crossing needs no flag and no extra
// read on the busy path.
import type { DatabaseHandle } from '@/lib/db/open';
import { affordableCount, minorToMajor } from '@/lib/wallet/contract/money';
import type { AuthenticatedApp, Executor } from '../context';
import { categoryCatalogue } from '../card/category-catalogue';
import { recordEvent } from './record-event';

export const LOW_BALANCE_CARDS = 100;

/** The fee (minor units) of the dearest category paid in `currency`; undefined if none is. */
export async function dearestFee(
  engine: DatabaseHandle,
  db: Executor,
  currency: string,
): Promise<number | undefined> {
  let dearest: number | undefined;
  for (const category of (await categoryCatalogue(engine, db)).values()) {
    if (category.currency === currency && (dearest === undefined || category.fee > dearest)) {
      dearest = category.fee;
    }
  }
  return dearest;
}

/** Writes asset.low_balance when this debit of an agency asset crossed the line. */
export async function noteAgencyDebit(options: {
  db: Executor;
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  asset: { id: number; currency: string; decimalPlaces: number };
  beforeMinor: number;
  afterMinor: number;
}): Promise<void> {
  const { db, engine, app, asset, beforeMinor, afterMinor } = options;
  const dearest = await dearestFee(engine, db, asset.currency);
  if (dearest === undefined || dearest <= 0) return;
  const line = LOW_BALANCE_CARDS * dearest;
  if (!(beforeMinor >= line && afterMinor < line)) return;
  await recordEvent({
    db,
    app,
    type: 'asset.low_balance',
    data: {
      assetId: asset.id,
      balance: minorToMajor(afterMinor, asset.decimalPlaces),
      cardsLeft: affordableCount(afterMinor, dearest),
    },
  });
}
