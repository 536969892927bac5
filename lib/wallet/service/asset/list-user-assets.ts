// Extension: a user's assets (their WALLET asset and each card's CARD asset), shaped as 2.6.
import { and, asc, eq } from 'drizzle-orm';
import { assets } from '@/lib/wallet/service/db/schema';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { Asset } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { findUserOrThrow } from '../user/find-user';
import { toAsset } from './asset-records';
import { userAssetList } from '@/lib/wallet/contract/operations/user-asset-list';
import { bindHandler } from '../bind-handler';

export async function listUserAssets(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'userAssetList'>;
}): Promise<Asset[]> {
  const { db, app, params } = options;
  const user = await findUserOrThrow(db, app.id, params.appUserId);
  // By app and user: assets_app_user_idx leads with app_id (by user_id alone, the whole index is read).
  const rows = await db
    .select()
    .from(assets)
    .where(and(eq(assets.appId, app.id), eq(assets.userId, user.id)))
    .orderBy(asc(assets.id));
  return rows.map((row) => toAsset(row, app, user.appUserId));
}

/** userAssetList's handler (lib/wallet/contract/operations/user-asset-list.ts). */
export const userAssetListHandler = bindHandler(userAssetList, listUserAssets);
