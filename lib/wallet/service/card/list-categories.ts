// Extension: the card category catalogue with fees in major units, from the in-memory copy.
import type { DatabaseHandle } from '@/lib/db/open';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { CardCategory } from '@/lib/wallet/contract/schemas';
import { categoryCatalogue } from './category-catalogue';
import { categoryList } from '@/lib/wallet/contract/operations/category-list';
import { bindHandler } from '../bind-handler';

export async function listCategories(options: { engine: DatabaseHandle }): Promise<CardCategory[]> {
  const catalogue = await categoryCatalogue(options.engine);
  return [...catalogue.values()].map((c) => ({
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

/** categoryList's handler (lib/wallet/contract/operations/category-list.ts). */
export const categoryListHandler = bindHandler(categoryList, listCategories);
