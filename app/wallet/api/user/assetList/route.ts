// Extension: POST /wallet/api/user/assetList
import { listUserAssets } from '@/lib/wallet/service/asset/list-user-assets';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('userAssetList', listUserAssets);
