// Extension: the card category catalogue with fees in major units.
import 'server-only';
import { asc } from 'drizzle-orm';
import { cardCategories } from '@/lib/wallet/service/db/schema';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { CardCategory } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';

export async function listCategories(options: {
  db: Executor;
  app: AuthenticatedApp;
}): Promise<CardCategory[]> {
  const rows = await options.db.select().from(cardCategories).orderBy(asc(cardCategories.id));
  return rows.map((c) => ({
    categoryId: c.id,
    name: c.name,
    network: c.network,
    type: c.type as CardCategory['type'],
    currency: c.currency,
    currencySymbol: c.currencySymbol,
    decimalPlaces: c.decimalPlaces,
    fee: minorToMajor(c.fee, c.decimalPlaces),
    level: c.level,
    feature: c.feature,
  }));
}
