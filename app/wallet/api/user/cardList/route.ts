// 4.6 GET /wallet/api/user/cardList
import { listUserCards } from '@/lib/server/wallet/card/list-user-cards';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const GET = walletRoute('userCardList', listUserCards);
