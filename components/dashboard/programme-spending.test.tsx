// The dashboard's card spending as the server renders it (the markup, without a browser): the
// figures, the chart named by its summary, every day in the table, the decline reasons in words
// linking to /transactions filtered to each, and the message in place of it all when the summary
// failed.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { programmeSpending } from '@/lib/backoffice/dashboard/programme-spending';
import type { AuthorizationSummary } from '@/lib/wallet/contract/schemas';
import { ProgrammeSpending } from './programme-spending';

const usd = (approvedAmount: number, clearedAmount: number) => ({
  currency: 'USD',
  approvedAmount,
  heldAmount: 0,
  clearedAmount,
  refundedAmount: 0,
});

const summary: AuthorizationSummary = {
  count: 8,
  approvedCount: 7,
  declinedCount: 1,
  approvalRate: 0.875,
  amounts: [usd(1234.5, 1000)],
  days: [{ date: '2026-11-24', count: 8, approvedCount: 7, declinedCount: 1, amounts: [usd(1234.5, 1000)] }],
  declineReasons: [{ declineReason: 'MCC_BLOCKED', count: 1 }],
};

describe('ProgrammeSpending', () => {
  it('renders the figures, a named chart, every day and the decline reasons as links', () => {
    const range = { from: '2026-11-23', to: '2026-11-25' };
    const html = renderToStaticMarkup(
      <ProgrammeSpending outcome={{ ok: true, spending: programmeSpending(summary, range) }} />,
    );
    expect(html).toContain('data-testid="spending-count">8<');
    expect(html).toContain('data-testid="spending-rate">87.5 %<');
    expect(html).toContain('data-testid="spending-approved">$1,234.50<');
    expect(html).toContain('data-testid="spending-cleared">$1,000.00<');
    expect(html).toContain(
      'aria-label="Approved and cleared USD purchases per day from 23 Nov 2026 to 25 Nov 2026: $1,234.50 approved, $1,000.00 cleared; the busiest day 24 Nov 2026 with $1,234.50 approved."',
    );
    expect(html.match(/data-testid="spending-day-/g)).toHaveLength(3);
    expect(html).toContain(
      'href="/transactions?declineReason=MCC_BLOCKED&amp;from=2026-11-23&amp;to=2026-11-25"',
    );
    expect(html).toContain('Merchant category blocked');
    expect(html).not.toContain('<script');
  });

  it('says so when the summary could not be had', () => {
    const html = renderToStaticMarkup(
      <ProgrammeSpending outcome={{ ok: false, message: 'The wallet is down.' }} />,
    );
    expect(html).toContain('The card spending figures could not be loaded');
    expect(html).toContain('The wallet is down.');
    expect(html).not.toContain('spending-count');
  });
});
