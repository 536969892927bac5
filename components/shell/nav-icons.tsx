// The navigation's icons, rendered on the server into each entry (AppShell), so that the client
// navigation (nav-links.tsx, which marks the current page) carries none of their code. So is the
// count beside Approvals: what waits for the signed-in person's decision (docs/back-office.md "Approvals").
import {
  ClipboardCheck,
  FlaskConical,
  Receipt,
  ShieldAlert,
  CreditCard,
  Gavel,
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
  compliance: ShieldAlert,
  settings: Settings,
  account: UserRound,
  disputes: Gavel,
};

function WaitingCount({ count, testId, words }: { count: number; testId: string; words: string }) {
  return (
    <span
      className="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold tabular-nums text-primary-foreground"
      data-testid={testId}
    >
      {count >= HELD_COUNT_CAP && testId === 'deposits-held' ? `${HELD_COUNT_CAP}+` : count}
      <span className="sr-only"> {words}</span>
    </span>
  );
}

/** The held deposits counted beside Compliance at most (one page of deposit/list): "100+". */
export const HELD_COUNT_CAP = 100;

export function withIcons(
  items: readonly NavItem[],
  counts: { approvals?: number; heldDeposits?: number; disputesDueSoon?: number } = {},
): ShownNavItem[] {
  return items.map((item) => {
    const Icon = ICONS[item.icon];
    const count =
      item.icon === 'approvals'
        ? (counts.approvals ?? 0)
        : item.icon === 'compliance'
          ? (counts.heldDeposits ?? 0)
          : item.icon === 'disputes'
            ? (counts.disputesDueSoon ?? 0)
            : 0;
    const badge =
      item.icon === 'compliance'
        ? { testId: 'deposits-held', words: 'deposits held' }
        : item.icon === 'disputes'
          ? { testId: 'disputes-due-soon-count', words: 'due within 7 days' }
          : { testId: 'approvals-waiting', words: 'waiting for you' };
    return {
      ...item,
      iconNode: <Icon className="size-4 shrink-0" aria-hidden="true" />,
      ...(count > 0 ? { badgeNode: <WaitingCount count={count} {...badge} /> } : {}),
    };
  });
}
