// 4.1 POST /wallet/api/user/registerAndKyc
import { registerUser } from '@/lib/server/wallet/user/register-user';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const POST = walletRoute('registerAndKyc', registerUser);
