// 4.1 POST /wallet/api/user/registerAndKyc
import { registerUser } from '@/lib/wallet/service/user/register-user';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('registerAndKyc', registerUser);
