// The navigation's icons, rendered on the server into each entry (AppShell), so that the client
// navigation (nav-links.tsx, which marks the current page) carries none of their code. So is the
// count beside Approvals: what waits for the signed-in person's decision (docs/back-office.md "Approvals").
import {
  ClipboardCheck,
  FlaskConical,
  Receipt,
  CreditCard,
  LayoutDashboard,
  ScrollText,
  Search,
  Settings,
  ShieldCheck,
  SquarePlus,
  UserPlus,
  UserRound,
  Users,
  Webhook,
} from 'lucide-react';
import type { NavIcon, NavItem } from './nav-items';
import type { ShownNavItem } from './nav-links';

const ICONS: Record<NavIcon, typeof Users> = {
  dashboard: LayoutDashboard,
  search: Search,
  users: Users,
  'user-plus': UserPlus,
  cards: CreditCard,
  'card-plus': SquarePlus,
  staff: ShieldCheck,
  audit: ScrollText,
  developers: Webhook,
  approvals: ClipboardCheck,
  transactions: Receipt,
  sandbox: FlaskConical,
  settings: Settings,
  account: UserRound,
};

function WaitingCount({ count }: { count: number }) {
  return (
    <span
      className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold tabular-nums text-primary-foreground"
      data-testid="approvals-waiting"
    >
      {count}
      <span className="sr-only"> waiting for you</span>
    </span>
  );
}

export function withIcons(items: readonly NavItem[], counts: { approvals?: number } = {}): ShownNavItem[] {
  return items.map((item) => {
    const Icon = ICONS[item.icon];
    const count = item.icon === 'approvals' ? (counts.approvals ?? 0) : 0;
    return {
      ...item,
      iconNode: <Icon className="size-4 shrink-0" aria-hidden="true" />,
      ...(count > 0 ? { badgeNode: <WaitingCount count={count} /> } : {}),
    };
  });
}
