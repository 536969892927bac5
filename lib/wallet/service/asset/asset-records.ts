// Shaping stored assets into the spec's asset element (2.6).
import { assets } from '@/lib/wallet/service/db/schema';
import { minorToMajor } from '@/lib/wallet/contract/money';
import type { Asset } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp } from '../context';

/** The columns an asset element uses, whether read by Drizzle or by a raw statement. */
export type AssetFields = Pick<
  typeof assets.$inferSelect,
  'id' | 'name' | 'currency' | 'decimalPlaces' | 'isDefault' | 'icon' | 'symbol' | 'type'
> & { balance: number | string };

export function toAsset(row: AssetFields, app: AuthenticatedApp, appUserId: string): Asset {
  return {
    agencyCode: app.agencyCode,
    appId: app.appId,
    appUserId,
    assetId: row.id,
    assetName: row.name,
    balance: minorToMajor(Number(row.balance), row.decimalPlaces),
    currency: row.currency,
    decimalPlaces: row.decimalPlaces,
    defaultAsset: row.isDefault ? 1 : 0,
    icon: row.icon,
    symbol: row.symbol,
    type: row.type,
  };
}
