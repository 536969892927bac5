// 4.5 POST /wallet/api/agency/assetList
import { listAgencyAssets } from '@/lib/server/wallet/asset/list-agency-assets';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const POST = walletRoute('agencyAssetList', listAgencyAssets);
