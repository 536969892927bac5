// The dashboard's disputes as the server renders them: how many are open and how many of those are
// due within 7 days (a link to /disputes), both the service's exact counts (dispute/summary) however
// few of them its soonest list holds, and a sentence in their place when the wallet could not say.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DisputeCounts } from './dispute-counts';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('DisputeCounts', () => {
  it('says how many are open and how many are due within 7 days', () => {
    const html = renderToStaticMarkup(
      <DisputeCounts open={{ open: 12, dueSoonCount: 3, dueSoon: [{}, {}, {}] as never }} />,
    );
    expect(text(html)).toContain('Open 12 Due within 7 days 3');
    expect(html).toContain('href="/disputes?status=OPEN"');
  });

  it('counts every one due soon, not the 10 soonest listed', () => {
    const html = renderToStaticMarkup(
      <DisputeCounts
        open={{
          open: 1_000_000,
          dueSoonCount: 2_345,
          dueSoon: Array.from({ length: 10 }, () => ({})) as never,
        }}
      />,
    );
    expect(text(html)).toContain('Open 1,000,000 Due within 7 days 2,345');
  });

  it('says 0 without a link, and when it could not count', () => {
    const html = renderToStaticMarkup(<DisputeCounts open={{ open: 1000, dueSoonCount: 0, dueSoon: [] }} />);
    expect(text(html)).toContain('Open 1,000 Due within 7 days 0');
    expect(html).not.toContain('href="/disputes?status=OPEN"');
    expect(text(renderToStaticMarkup(<DisputeCounts open={null} />))).toContain(
      'The disputes could not be counted just now.',
    );
  });
});
