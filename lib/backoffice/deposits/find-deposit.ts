// One of a person's deposits as the wallet holds it now (there is no deposit/detail: deposit/list
// filtered by the person, and by status when given, read a page at a time until it is found). For
// the release request, which is made from the wallet's record and never from the form, and for a
// request asked before its facts were kept, whose page reads them now (docs/back-office.md
// "Compliance"). Server-only.
import 'server-only';
import { getWalletClient } from '@/lib/backoffice/wallet-client';
import type { DepositStatus } from '@/lib/wallet/contract/enums';
import type { Deposit } from '@/lib/wallet/contract/schemas';

/** Pages read to find one (100 each): far beyond any one person's deposits. */
const PAGES_READ = 10;

export async function findDeposit(
  appUserId: string,
  depositId: number,
  status?: DepositStatus,
): Promise<Deposit | null> {
  const wallet = getWalletClient();
  let cursor: string | undefined;
  for (let page = 0; page < PAGES_READ; page++) {
    const list = await wallet.depositList({
      appUserId,
      pageSize: 100,
      ...(status ? { status } : {}),
      ...(cursor ? { cursor } : {}),
    });
    const found = list.list.find((d) => d.depositId === depositId);
    if (found) return found;
    if (!list.nextCursor) return null;
    cursor = list.nextCursor;
  }
  return null;
}
