// The navigation's counts as the server renders them: the disputes due within 7 days beside
// Disputes, in words for screen readers; no badge at 0.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { withIcons } from './nav-icons';
import { NAV_ITEMS } from './nav-items';

const disputes = NAV_ITEMS.filter((item) => item.href === '/disputes');

describe('withIcons', () => {
  it('shows the disputes due within 7 days beside Disputes', () => {
    const [item] = withIcons(disputes, { disputesDueSoon: 4, approvals: 2 });
    expect(renderToStaticMarkup(<>{item!.badgeNode}</>)).toBe(
      '<span class="ml-auto rounded-full bg-primary px-2 py-0.5 text-xs font-semibold tabular-nums text-primary-foreground" data-testid="disputes-due-soon-count">4<span class="sr-only"> due within 7 days</span></span>',
    );
  });

  it('shows no badge when none is due soon', () => {
    expect(withIcons(disputes, { disputesDueSoon: 0 })[0]!.badgeNode).toBeUndefined();
  });
});
