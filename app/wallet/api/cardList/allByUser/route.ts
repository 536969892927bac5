// 4.2 POST /wallet/api/cardList/allByUser
import { listCardsByUser } from '@/lib/server/wallet/card/list-cards-by-user';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const POST = walletRoute('cardListAllByUser', listCardsByUser);
