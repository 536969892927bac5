// deposit/release (docs/deposits-and-kyt.md "deposit/release"): a person's decision on a HELD
// deposit, in one transaction with the deposit's row locked and its status moved by a conditional
// update: of two releases at once, the second finds it no longer HELD (4016), so a deposit is
// credited at most once. With the app's apiRelease false, only a release carrying the
// back-office's approval (contract/release-approval.ts) is carried out: the app's key alone is 4016.
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { depositRelease } from '@/lib/wallet/contract/operations/deposit-release';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { Deposit } from '@/lib/wallet/contract/schemas';
import { isReleaseApproval } from '@/lib/wallet/contract/release-approval';
import { bindHandler, type HandlerConfig } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { recordEvent } from '../event/record-event';
import { loadKytRules } from '../kyt/kyt-rules';
import { depositFromRow, depositNotFound, findDeposit } from './deposit-records';
import { creditDeposit, moveStatus, reread } from './settle-deposit';

/** 4016 unless the app lets its key release, or the call carries the back-office's approval. */
async function checkReleaseAllowed(
  db: Executor,
  app: AuthenticatedApp,
  params: OperationParams<'depositRelease'>,
  releaseKey: string | undefined,
): Promise<void> {
  if ((await loadKytRules(db, app.id)).apiRelease) return;
  const call = {
    agencyCode: app.agencyCode,
    appId: app.appId,
    depositId: params.depositId,
    decision: params.decision,
  };
  if (releaseKey !== undefined && isReleaseApproval(releaseKey, call, params.approval)) return;
  throw new WalletError(
    ResultCode.DEPOSIT_CONFLICT,
    "This app's held deposits are released only through the back-office's two-person approval (apiRelease is false).",
  );
}

export async function releaseDeposit(
  options: {
    db: Executor;
    engine: DatabaseHandle;
    app: AuthenticatedApp;
    params: OperationParams<'depositRelease'>;
  },
  config?: Pick<HandlerConfig, 'releaseKey'>,
): Promise<Deposit> {
  const { db, engine, app, params } = options;
  const row = await findDeposit(db, app.id, params.depositId, { lock: true });
  if (!row) throw depositNotFound(params.depositId);
  await checkReleaseAllowed(db, app, params, config?.releaseKey);
  const to = params.decision === 'CREDIT' ? 'CREDITED' : 'REJECTED';
  if (row.status !== 'HELD' || !(await moveStatus(db, row.id, 'HELD', to, { note: params.note }))) {
    throw new WalletError(
      ResultCode.DEPOSIT_CONFLICT,
      `Deposit ${row.id} is ${row.status}: only a HELD deposit can be released.`,
    );
  }
  if (to === 'CREDITED') await creditDeposit(engine, db, row);
  const released = depositFromRow(await reread(db, app, row.id));
  await recordEvent({
    db,
    app,
    type: to === 'CREDITED' ? 'deposit.credited' : 'deposit.rejected',
    data: released,
  });
  return released;
}

/** depositRelease's handler (lib/wallet/contract/operations/deposit-release.ts). */
export const depositReleaseHandler = bindHandler(depositRelease, releaseDeposit);
