// 4.7 POST /wallet/api/address/add
import { addAddress } from '@/lib/wallet/service/address/add-address';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('addAddress', addAddress);
