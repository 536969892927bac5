// 4.2 POST /wallet/api/cardList/allByUser
import { listCardsByUser } from '@/lib/wallet/service/card/list-cards-by-user';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('cardListAllByUser', listCardsByUser);
