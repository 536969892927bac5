// Every signed-in page sits in the shell. The layout's check only decides what to render:
// each page, action and route handler still checks the caller itself.
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';
import { countWaitingFor } from '@/lib/backoffice/approvals/list-approvals';
import { getDb } from '@/lib/backoffice/db';
import { env } from '@/lib/env';
import { countHeldDeposits } from '@/lib/backoffice/deposits/held-count';

export default async function BackofficeLayout({ children }: { children: ReactNode }) {
  // The shell only (each page checks for itself): for someone enrolling, one with only /account.
  const staff = await requireStaff(undefined, { whileEnrolling: true });
  // The navigation's count of requests waiting for this person (actions that change one refresh it).
  const waitingApprovals = await countWaitingFor({ db: await getDb(), actor: staff });
  // Beside Compliance: the deposits KYT holds for a decision (docs/back-office.md "Compliance").
  const heldDeposits = await countHeldDeposits(staff);
  return (
    <AppShell
      staff={staff}
      waitingApprovals={waitingApprovals}
      heldDeposits={heldDeposits}
      sandbox={env.WALLET_SIMULATION}
    >
      {children}
    </AppShell>
  );
}
