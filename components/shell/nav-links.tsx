'use client';
// The navigation links, marking the current page (aria-current) from the pathname. The icons
// arrive rendered by the server (nav-icons.tsx), so no icon's code is in any page's JavaScript.
// A link clicked shows at once that its page is on its way (useLinkStatus): on a slow network
// the click is answered before the page is.
import Link, { useLinkStatus } from 'next/link';
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

/** Inside a Link: a spinner, and "loading" for screen readers, while its page is on its way. */
function Pending() {
  const { pending } = useLinkStatus();
  if (!pending) return null;
  return (
    <span role="status" className="ml-auto inline-flex items-center" data-testid="nav-pending">
      <span
        aria-hidden="true"
        className="size-3.5 animate-spin rounded-full border-2 border-current border-t-transparent"
      />
      <span className="sr-only">Loading</span>
    </span>
  );
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
              <Pending />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
