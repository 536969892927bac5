// 4.4 POST /wallet/api/user/applyCard: paid from the user's own assets.
import { applyCard } from '@/lib/wallet/service/card/apply-card';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('userApplyCard', (options) => applyCard({ ...options, payer: 'USER' }));
