'use client';
// The navigation on small screens: a menu button that unfolds the same links under the header.
// A <details> disclosure, so it opens before (and without) any script and loads no dialog
// library into every page; the script only closes it on a choice, on Escape or on a click
// elsewhere.
import { Menu } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { NavLinks, type ShownNavItem } from './nav-links';

export function MobileNav({ items }: { items: readonly ShownNavItem[] }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const close = () => {
      details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && details.open) {
        close();
        details.querySelector('summary')?.focus();
      }
    };
    const onPointerDown = (event: PointerEvent) => {
      if (details.open && !details.contains(event.target as Node)) close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, []);
  return (
    <details ref={ref} className="group relative md:hidden">
      <summary
        aria-label="Open navigation"
        className="inline-flex size-9 cursor-pointer list-none items-center justify-center rounded-md hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden"
      >
        <Menu className="size-5" aria-hidden="true" />
      </summary>
      <nav
        aria-label="Main"
        className="absolute top-full left-0 z-50 mt-2 w-64 rounded-lg border border-border bg-popover p-2 shadow-lg"
      >
        <NavLinks
          items={items}
          onNavigate={() => {
            if (ref.current) ref.current.open = false;
          }}
        />
      </nav>
    </details>
  );
}
