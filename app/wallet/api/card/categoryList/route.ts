// Extension: POST /wallet/api/card/categoryList
import { listCategories } from '@/lib/wallet/service/card/list-categories';
import { walletRoute } from '@/lib/wallet/service/with-wallet-route';

export const POST = walletRoute('categoryList', listCategories);
