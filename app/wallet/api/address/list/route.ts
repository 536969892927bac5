// Extension: POST /wallet/api/address/list
import { listAddresses } from '@/lib/server/wallet/address/list-addresses';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const POST = walletRoute('addressList', listAddresses);
