// 4.5 POST /wallet/api/agency/assetList
import { listAgencyAssets } from '@/lib/wallet/service/asset/list-agency-assets';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('agencyAssetList', listAgencyAssets);
