// The dashboard's disputes as the server renders them: how many are open and how many of those are
// due within 7 days (a link to /disputes), "at least" past what was read, and a sentence in their
// place when the wallet could not say.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DisputeCounts } from './dispute-counts';

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('DisputeCounts', () => {
  it('says how many are open and how many are due within 7 days', () => {
    const html = renderToStaticMarkup(
      <DisputeCounts open={{ open: 12, dueSoon: [{}, {}, {}] as never, capped: false }} />,
    );
    expect(text(html)).toContain('Open 12 Due within 7 days 3');
    expect(html).toContain('href="/disputes?status=OPEN"');
  });

  it('says "at least" past what was read, 0 without a link, and when it could not count', () => {
    expect(
      text(renderToStaticMarkup(<DisputeCounts open={{ open: 1000, dueSoon: [], capped: true }} />)),
    ).toContain('Open at least 1,000 Due within 7 days 0');
    expect(text(renderToStaticMarkup(<DisputeCounts open={null} />))).toContain(
      'The disputes could not be counted just now.',
    );
  });
});
