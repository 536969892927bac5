// Every signed-in page sits in the shell. The layout's check only decides what to render:
// each page, action and route handler still checks the caller itself.
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { countWaitingFor } from '@/lib/backoffice/approvals/list-approvals';
import { getDb } from '@/lib/backoffice/db';
import { env } from '@/lib/env';
import { countHeldDeposits } from '@/lib/backoffice/deposits/held-count';
import { countOpenFor } from '@/lib/backoffice/staff-requests/staff-requests';
import { countDisputesDueSoon } from '@/lib/backoffice/disputes/dispute-data';

export default async function BackofficeLayout({ children }: { children: ReactNode }) {
  // The shell only (each page checks for itself): for someone enrolling, one with only /account.
  const staff = await requireStaff(undefined, { whileEnrolling: true });
  // The navigation's count of requests waiting for this person (actions that change one refresh it):
  // approvals, and the requests from support they may close (docs/back-office.md "Staff requests").
  const db = await getDb();
  const counts = await Promise.all([
    countWaitingFor({ db, actor: staff }),
    countOpenFor({ db, actor: staff }),
  ]);
  const waitingApprovals = counts[0] + counts[1];
  // Beside Compliance: the deposits KYT holds for a decision (docs/back-office.md "Compliance").
  const heldDeposits = await countHeldDeposits(staff);
  // Beside Disputes: the open ones due within 7 days (docs/back-office.md "Disputes").
  const disputesDueSoon = await countDisputesDueSoon(staff);
  return (
    <AppShell
      staff={staff}
      waitingApprovals={waitingApprovals}
      heldDeposits={heldDeposits}
      disputesDueSoon={disputesDueSoon}
      sandbox={env.WALLET_SIMULATION}
    >
      {children}
    </AppShell>
  );
}
