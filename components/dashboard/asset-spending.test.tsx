// The dashboard's money at a glance as the server renders it (the markup, without a browser): the
// figures of each window, "No spend", the threshold's warning, the chart's summary, and the
// message in place of the figures when asset/daily failed.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Asset, AssetDay } from '@/lib/wallet/contract/schemas';
import { AssetSpending } from './asset-spending';

const asset = (balance: number): Asset => ({
  agencyCode: 'DEMO',
  appId: 'demo-app',
  appUserId: '',
  assetId: 7,
  assetName: 'Card margin USD',
  balance,
  currency: 'USD',
  decimalPlaces: 2,
  defaultAsset: 1,
  icon: '/icons/usd.svg',
  symbol: '$',
  type: 'CARD_MARGIN',
});

/** 30 days from 2026-10-26 to 2026-11-24: 100.00 until a 15.25 day, then 1.00 spent today. */
const month: AssetDay[] = Array.from({ length: 30 }, (_, i) => {
  const date = new Date(Date.UTC(2026, 9, 26 + i)).toISOString().slice(0, 10);
  if (i === 26) return { date, spent: 15.25, received: 0, closingBalance: 84.75 };
  if (i === 29) return { date, spent: 1, received: 2.5, closingBalance: 86.25 };
  return { date, spent: 0, received: 0, closingBalance: i < 26 ? 100 : 84.75 };
});

/** Markup to text: tags dropped, the entities React writes decoded. */
const text = (html: string) =>
  html
    .replace(/<[^>]*>/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/**
 * The text of each cell of each body row of the first table at or after the element with this
 * test id (the node test environment has no DOM; the markup is this component's own).
 */
function rowsOf(html: string, testId: string): string[][] {
  const from = html.indexOf(`data-testid="${testId}"`);
  if (from < 0) return [];
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html.slice(from))?.[1] ?? '';
  return Array.from(body.matchAll(/<tr[^>]*>([\s\S]*?)<\/tr>/g), ([, row]) =>
    Array.from((row ?? '').matchAll(/<td[^>]*>([\s\S]*?)<\/td>/g), ([, cell]) => text(cell ?? '')),
  );
}

describe('AssetSpending', () => {
  it('shows spent, per day (rounded up) and runway (floor) for 7 and 30 days', () => {
    const html = renderToStaticMarkup(
      <AssetSpending
        asset={asset(86.25)}
        outcome={{ ok: true, daily: { assetId: 7, currency: 'USD', days: month } }}
        lowBalanceThreshold="0"
      />,
    );
    // 16.25 / 7 = 2.3214 -> 2.33 a day; 86.25 / 2.33 = 37.02 -> 37 days.
    // 16.25 / 30 = 0.5417 -> 0.55 a day; 86.25 / 0.55 = 156.8 -> 156 days.
    expect(rowsOf(html, 'runway-table')).toEqual([
      ['Last 7 days', '$16.25', '$2.33', '37 days'],
      ['Last 30 days', '$16.25', '$0.55', '156 days'],
    ]);
    expect(html).not.toContain('low-balance-alert');
    expect(html).toContain(
      'aria-label="Balance over the last 30 days: $100.00 at the end of 26 Oct 2026, $86.25 today; lowest $84.75, highest $100.00."',
    );
    const days = rowsOf(html, 'balance-days');
    expect(days).toHaveLength(30);
    expect(days[0]).toEqual(['24 Nov 2026', '$1.00', '$2.50', '$86.25']);
    expect(days[3]).toEqual(['21 Nov 2026', '$15.25', '$0.00', '$84.75']);
    expect(days[29]).toEqual(['26 Oct 2026', '$0.00', '$0.00', '$100.00']);
  });

  it('says "No spend" when nothing went out, and warns under the threshold', () => {
    const quiet = month.map((d) => ({ ...d, spent: 0, closingBalance: 999.99 }));
    const html = renderToStaticMarkup(
      <AssetSpending
        asset={asset(999.99)}
        outcome={{ ok: true, daily: { assetId: 7, currency: 'USD', days: quiet } }}
        lowBalanceThreshold="1000.00"
      />,
    );
    expect(rowsOf(html, 'runway-table')).toEqual([
      ['Last 7 days', '$0.00', '$0.00', 'No spend'],
      ['Last 30 days', '$0.00', '$0.00', 'No spend'],
    ]);
    expect(html).toContain('data-testid="low-balance-alert"');
    expect(html).toContain('$999.99 is under $1,000.00, the agency&#x27;s low-balance threshold (Settings).');
  });

  it('one day of runway reads "1 day"; a balance at the threshold is not under it', () => {
    const days = month.map((d, i) => ({ ...d, spent: i === 29 ? 70 : 0 }));
    const html = renderToStaticMarkup(
      <AssetSpending
        asset={asset(10)}
        outcome={{ ok: true, daily: { assetId: 7, currency: 'USD', days } }}
        lowBalanceThreshold="10"
      />,
    );
    // 70 / 7 = 10.00 a day: the 10.00 balance lasts 1 day; 70 / 30 = 2.34 -> 4 days.
    expect(rowsOf(html, 'runway-table')).toEqual([
      ['Last 7 days', '$70.00', '$10.00', '1 day'],
      ['Last 30 days', '$70.00', '$2.34', '4 days'],
    ]);
    expect(html).not.toContain('low-balance-alert');
  });

  it('when asset/daily failed: the message in place of the figures, the warning still shown', () => {
    const html = renderToStaticMarkup(
      <AssetSpending
        asset={asset(5)}
        outcome={{ ok: false, message: 'The wallet service did not answer in time. Try again.' }}
        lowBalanceThreshold="1000.5"
      />,
    );
    expect(html).toContain('The spending figures could not be loaded');
    expect(html).toContain('The wallet service did not answer in time. Try again.');
    expect(html).toContain('$5.00 is under $1,000.50');
    expect(html).not.toContain('runway-table');
    expect(html).not.toContain('balance-chart');
  });
});
