// 4.5 Agency account asset list: the app's own assets (those with no user).
import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { assets } from '@/lib/wallet/service/db/schema';
import type { Asset } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { toAsset } from './asset-records';

export async function listAgencyAssets(options: { db: Executor; app: AuthenticatedApp }): Promise<Asset[]> {
  const { db, app } = options;
  const rows = await db
    .select()
    .from(assets)
    .where(and(eq(assets.appId, app.id), isNull(assets.userId)))
    .orderBy(asc(assets.id));
  return rows.map((row) => toAsset(row, app, ''));
}
