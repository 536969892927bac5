// 4.5 Agency account asset list: the app's own assets (those with no user), one prepared statement.
import type { DatabaseHandle } from '@/lib/db/open';
import type { Asset } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp } from '../context';
import { AGENCY_ASSETS } from '../db/statements';
import { toAsset } from './asset-records';
import { agencyAssetList } from '@/lib/wallet/contract/operations/agency-asset-list';
import { bindHandler } from '../bind-handler';

type Row = {
  id: number;
  name: string;
  balance: string | number;
  currency: string;
  decimal_places: number;
  is_default: boolean;
  icon: string;
  symbol: string;
  type: string;
};

export async function listAgencyAssets(options: {
  engine: DatabaseHandle;
  app: AuthenticatedApp;
}): Promise<Asset[]> {
  const { engine, app } = options;
  const rows = await engine.query<Row>(AGENCY_ASSETS.text, [app.id], AGENCY_ASSETS.name);
  return rows.map((r) =>
    toAsset(
      {
        id: r.id,
        name: r.name,
        balance: r.balance,
        currency: r.currency,
        decimalPlaces: r.decimal_places,
        isDefault: r.is_default,
        icon: r.icon,
        symbol: r.symbol,
        type: r.type,
      },
      app,
      '',
    ),
  );
}

/** agencyAssetList's handler (lib/wallet/contract/operations/agency-asset-list.ts). */
export const agencyAssetListHandler = bindHandler(agencyAssetList, listAgencyAssets);
