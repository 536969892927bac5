// Extension: POST /wallet/api/user/assetList
import { listUserAssets } from '@/lib/server/wallet/asset/list-user-assets';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const POST = walletRoute('userAssetList', listUserAssets);
