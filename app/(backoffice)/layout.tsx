// Every signed-in page sits in the shell. The layout's check only decides what to render:
// each page, action and route handler still checks the caller itself.
import type { ReactNode } from 'react';
import { AppShell } from '@/components/shell/app-shell';
import { requireStaff } from '@/lib/backoffice/auth/current-staff';

export default async function BackofficeLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff();
  return <AppShell staff={staff}>{children}</AppShell>;
}
