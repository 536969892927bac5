// 4.3 POST /wallet/api/agency/applyUserCard: paid from the agency's assets.
import { applyCard } from '@/lib/wallet/service/card/apply-card';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('agencyApplyUserCard', (options) =>
  applyCard({ ...options, payer: 'AGENCY' }),
);
