'use client';
// The navigation links, marking the current page (aria-current) from the pathname.
import {
  CreditCard,
  LayoutDashboard,
  Webhook,
  ScrollText,
  Search,
  ShieldCheck,
  SquarePlus,
  UserPlus,
  UserRound,
  Users,
} from 'lucide-react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { cn } from '@/lib/utils';
import type { NavIcon, NavItem } from './nav-items';

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

function isCurrent(pathname: string, item: NavItem): boolean {
  if (item.exact) {
    if (item.href === '/') return pathname === '/';
    // /users is current on a user's own pages too, but not on /users/new.
    return (
      pathname === item.href ||
      (pathname.startsWith(`${item.href}/`) && !pathname.endsWith('/new') && !pathname.endsWith('/issue'))
    );
  }
  return pathname === item.href || pathname.startsWith(`${item.href}/`);
}

export function NavLinks({ items, onNavigate }: { items: readonly NavItem[]; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
        const Icon = ICONS[item.icon];
        const current = isCurrent(pathname, item);
        return (
          <li key={item.href}>
            <Link
              href={item.href}
              aria-current={current ? 'page' : undefined}
              onClick={onNavigate}
              className={cn(
                'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                current
                  ? 'bg-accent text-accent-foreground'
                  : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
              )}
            >
              <Icon className="size-4 shrink-0" aria-hidden="true" />
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
