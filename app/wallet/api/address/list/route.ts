// Extension: POST /wallet/api/address/list
import { listAddresses } from '@/lib/wallet/service/address/list-addresses';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('addressList', listAddresses);
