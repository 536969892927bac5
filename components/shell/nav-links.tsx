'use client';
// The navigation links, marking the current page (aria-current) from the pathname. The icons
// arrive rendered by the server (nav-icons.tsx), so no icon's code is in any page's JavaScript.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { NavItem } from './nav-items';

/** A navigation entry with its icon already rendered (on the server: nav-icons.tsx). */
export type ShownNavItem = NavItem & { iconNode: ReactNode; badgeNode?: ReactNode };

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

export function NavLinks({ items, onNavigate }: { items: readonly ShownNavItem[]; onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => {
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
              {item.iconNode}
              {item.label}
              {item.badgeNode}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
