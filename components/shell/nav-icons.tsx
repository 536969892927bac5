// The navigation's icons, rendered on the server into each entry (AppShell), so that the client
// navigation (nav-links.tsx, which marks the current page) carries none of their code.
import {
  CreditCard,
  LayoutDashboard,
  ScrollText,
  Search,
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
  account: UserRound,
};

export function withIcons(items: readonly NavItem[]): ShownNavItem[] {
  return items.map((item) => {
    const Icon = ICONS[item.icon];
    return { ...item, iconNode: <Icon className="size-4 shrink-0" aria-hidden="true" /> };
  });
}
