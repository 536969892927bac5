// The count of held deposits beside Compliance in the navigation (docs/back-office.md
// "Compliance"): one page of deposit/list filtered HELD, so at most HELD_COUNT_CAP ("100+"); a
// wallet that cannot be reached shows no count rather than failing the page.
import 'server-only';
import { can } from '@/lib/backoffice/auth/permissions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { asWalletClientError, getWalletClient } from '@/lib/backoffice/wallet-client';

export const HELD_PAGE = 100;

export async function countHeldDeposits(staff: CurrentStaff): Promise<number> {
  if (!can(staff.role, 'deposits.read') || staff.mustEnrolTwoFactor) return 0;
  try {
    const page = await getWalletClient().depositList({ status: 'HELD', pageSize: HELD_PAGE });
    return page.list.length;
  } catch (error) {
    if (asWalletClientError(error)) return 0;
    throw error;
  }
}
