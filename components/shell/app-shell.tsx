// The signed-in frame: a skip link, the sidebar with what the role may use, the header with the
// one search box (Ctrl/Cmd+K), the signed-in person (a link to their account), their role, the
// theme switch and sign-out, and the page.
import { CreditCard } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { ThemeToggle } from '@/components/theme-toggle';
import { Badge } from '@/components/ui/badge';
import { RoleBadge } from '@/components/ui/status-badge';
import { can } from '@/lib/backoffice/auth/permissions';
import type { CurrentStaff } from '@/lib/backoffice/auth/current-staff';
import { GlobalSearch } from './global-search';
import { MobileNav } from './mobile-nav';
import { withIcons } from './nav-icons';
import { NAV_ITEMS } from './nav-items';
import { NavLinks } from './nav-links';
import { SignOutButton } from './sign-out-button';

export function AppShell({
  staff,
  waitingApprovals = 0,
  sandbox = false,
  heldDeposits = 0,
  disputesDueSoon = 0,
  children,
}: {
  staff: CurrentStaff;
  /**
   * Requests waiting for this person's decision (docs/back-office.md "Approvals"), shown beside
   * Approvals.
   */
  waitingApprovals?: number;
  /**
   * Simulation is on (WALLET_SIMULATION): a "Sandbox" badge on every page and /sandbox in the
   * navigation (docs/card-spending.md "Sandbox and live").
   */
  sandbox?: boolean;
  /** Deposits KYT holds for a decision (docs/back-office.md "Compliance"), shown beside Compliance. */
  heldDeposits?: number;
  /** Open disputes due within 7 days (docs/back-office.md "Disputes"), shown beside Disputes. */
  disputesDueSoon?: number;
  children: ReactNode;
}) {
  // Someone who must set up two-factor sign-in first is offered nothing else (no links to pages
  // that would only send them back, nor their prefetches).
  const enrolOnly = staff.mustEnrolTwoFactor === true;
  const items = withIcons(
    NAV_ITEMS.filter((item) =>
      enrolOnly
        ? item.href === '/account'
        : (item.href !== '/sandbox' || sandbox) &&
          (item.permission === null || can(staff.role, item.permission)),
    ),
    { approvals: waitingApprovals, heldDeposits, disputesDueSoon },
  );
  return (
    <div className="flex min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <aside className="hidden w-60 shrink-0 flex-col border-r border-border bg-muted/30 md:flex">
        <Link
          href="/"
          prefetch={enrolOnly ? false : undefined}
          className="flex h-16 items-center gap-2 px-6 font-semibold tracking-tight"
        >
          <CreditCard className="size-5 text-primary" aria-hidden="true" />
          Card Wallet
        </Link>
        <nav aria-label="Main" className="flex-1 px-3 py-2">
          <NavLinks items={items} />
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        {/* On a phone the search box takes a row of its own under the menu and the account. */}
        <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-border px-4 py-3 md:h-16 md:flex-nowrap md:py-0 md:px-8">
          <div className="flex items-center gap-2">
            <MobileNav items={items} />
            <span className="font-semibold md:hidden">Card Wallet</span>
            {sandbox ? (
              <Badge
                variant="warning"
                data-testid="sandbox-badge"
                title="Simulation is on: purchases are simulated, no card network is connected"
              >
                Sandbox
              </Badge>
            ) : null}
          </div>
          {can(staff.role, 'users.read') && !enrolOnly ? (
            <div className="order-last w-full md:order-none md:max-w-md md:flex-1">
              <GlobalSearch />
            </div>
          ) : null}
          <div className="ml-auto flex items-center gap-3">
            {/* The signed-in person leads to their account (also in the navigation, for small screens). */}
            <Link
              href="/account"
              className="hidden rounded-md px-2 py-1 text-right hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:block"
            >
              <span className="block text-sm font-medium leading-tight" data-testid="signed-in-name">
                {staff.name}
              </span>
              <span className="block text-xs text-muted-foreground">{staff.email}</span>
            </Link>
            <RoleBadge role={staff.role} />
            <ThemeToggle />
            <SignOutButton />
          </div>
        </header>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 focus:outline-none md:px-8 md:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
