// Extension: a user's KYC record as 4.1 registered it (docs/wallet-api.md "Extension: a user's KYC
// record"), for a support agent to verify a caller against.
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { UserDetail } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp, Executor } from '../context';
import { findUserOrThrow } from './find-user';
import { userDetail } from '@/lib/wallet/contract/operations/user-detail';
import { bindHandler } from '../bind-handler';

export async function detailUser(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'userDetail'>;
}): Promise<UserDetail> {
  const { db, app, params } = options;
  const user = await findUserOrThrow(db, app.id, params.appUserId);
  return {
    appUserId: user.appUserId,
    firstName: user.firstName,
    lastName: user.lastName,
    birthday: user.birthday,
    gender: user.gender,
    mobile: user.mobile,
    region: user.region,
    documentType: user.documentType,
    documentNo: user.documentNo,
    documentExpiryDate: user.documentExpiryDate,
    registerTime: user.registeredAt.toISOString(),
  };
}

/** userDetail's handler (lib/wallet/contract/operations/user-detail.ts). */
export const userDetailHandler = bindHandler(userDetail, detailUser);
