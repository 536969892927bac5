// Extension: POST /wallet/api/card/categoryList
import { listCategories } from '@/lib/server/wallet/card/list-categories';
import { walletRoute } from '@/lib/server/wallet/with-wallet-route';

export const POST = walletRoute('categoryList', listCategories);
