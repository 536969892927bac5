// 4.6 GET /wallet/api/user/cardList
import { listUserCards } from '@/lib/wallet/service/card/list-user-cards';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const GET = walletRoute('userCardList', listUserCards);
