// The sandbox's pages, purchases (/sandbox), deposits (/sandbox/deposits) and a card as its holder
// sees it (/sandbox/cardholder): plain links,
// the current one marked for screen readers, so it works without JavaScript.
import Link from 'next/link';
import { cn } from '@/lib/utils';

const TABS = [
  { key: 'purchases', href: '/sandbox', label: 'Purchases' },
  { key: 'deposits', href: '/sandbox/deposits', label: 'Deposits' },
  { key: 'cardholder', href: '/sandbox/cardholder', label: 'As the cardholder' },
] as const;

export function SandboxTabs({ current }: { current: (typeof TABS)[number]['key'] }) {
  return (
    <nav aria-label="Sandbox" className="flex flex-wrap gap-2">
      {TABS.map((tab) => (
        <Link
          key={tab.key}
          href={tab.href}
          aria-current={tab.key === current ? 'page' : undefined}
          className={cn(
            'rounded-md border px-3 py-1.5 text-sm font-medium',
            tab.key === current ? 'border-primary bg-primary text-primary-foreground' : 'hover:bg-muted',
          )}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}
