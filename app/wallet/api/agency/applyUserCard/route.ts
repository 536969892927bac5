// 4.3 POST /wallet/api/agency/applyUserCard: paid from the agency's assets.
import { applyCard } from '@/lib/server/wallet/card/apply-card';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const POST = walletRoute('agencyApplyUserCard', (options) =>
  applyCard({ ...options, payer: 'AGENCY' }),
);
