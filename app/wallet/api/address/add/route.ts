// 4.7 POST /wallet/api/address/add
import { addAddress } from '@/lib/server/wallet/address/add-address';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const POST = walletRoute('addAddress', addAddress);
