// How many cards of each category an asset can still pay for, and when that is low enough to
// warn about. Pure: the dashboard computes it from what the wallet API returns (4.5 and the
// category list), in minor units so that no float division miscounts a fee.
import { affordableCount, majorToMinor } from '@/lib/wallet/contract/money';
import type { Asset, CardCategory } from '@/lib/wallet/contract/schemas';

/** Fewer cards than this for some category, and the dashboard warns. */
export const LOW_CAPACITY_CARDS = 50;

export type CapacityLevel = 'ok' | 'low' | 'empty';
export type CategoryCapacity = { category: CardCategory; cards: number; level: CapacityLevel };
export type AssetCapacity = { asset: Asset; categories: CategoryCapacity[]; level: CapacityLevel };

export function assetCapacity(asset: Asset, categories: readonly CardCategory[]): AssetCapacity {
  const payable = categories.filter((c) => c.currency === asset.currency);
  const balanceMinor = majorToMinor(asset.balance, asset.decimalPlaces);
  const rows = payable.map((category) => {
    const cards = affordableCount(balanceMinor, majorToMinor(category.fee, category.decimalPlaces));
    const level: CapacityLevel = cards === 0 ? 'empty' : cards < LOW_CAPACITY_CARDS ? 'low' : 'ok';
    return { category, cards, level };
  });
  const level: CapacityLevel = rows.some((r) => r.level === 'empty')
    ? 'empty'
    : rows.some((r) => r.level === 'low')
      ? 'low'
      : 'ok';
  return { asset, categories: rows, level };
}
