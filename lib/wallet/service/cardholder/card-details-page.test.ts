import { describe, expect, it } from 'vitest';
import {
  cardColours,
  cardDetailsHeaders,
  frameAncestors,
  groupsOfFour,
  renderCardDetailsPage,
  renderExpiredPage,
} from './card-details-page';

const VIEW = {
  cardNumber: '4532015112830366',
  cvv: '042',
  expireMonth: '07',
  expireYear: '2029',
  embossedName: 'ADA LOVELACE',
  network: 'VISA',
  cardName: 'Virtual Visa Classic',
  styleConfig: '{"background":"#1a1f71","foreground":"#ffffff"}',
};

describe('the card-details page', () => {
  it('groups the number in fours, any length', () => {
    expect(groupsOfFour('4532015112830366')).toBe('4532 0151 1283 0366');
    expect(groupsOfFour('453201511283036')).toBe('4532 0151 1283 036');
    expect(groupsOfFour('4532015112830366123')).toBe('4532 0151 1283 0366 123');
  });

  it("takes the category's colours only as #rgb or #rrggbb: anything else (a CSS injection) is the default", () => {
    expect(cardColours(VIEW.styleConfig)).toEqual({ background: '#1a1f71', foreground: '#ffffff' });
    expect(cardColours('{"background":"red;} body{display:none","foreground":"#fff"}')).toEqual({
      background: '#1f2937',
      foreground: '#fff',
    });
    expect(cardColours('not json')).toEqual({ background: '#1f2937', foreground: '#ffffff' });
    expect(cardColours('null')).toEqual({ background: '#1f2937', foreground: '#ffffff' });
  });

  it("frames only in the app's origins, else nowhere", () => {
    expect(frameAncestors([])).toBe("'none'");
    expect(frameAncestors(['https://a.example.com', 'https://b.example.com:8443'])).toBe(
      'https://a.example.com https://b.example.com:8443',
    );
    const csp = cardDetailsHeaders({ nonce: 'n0nce', origins: [] })['Content-Security-Policy'];
    expect(csp).toBe(
      "default-src 'none'; style-src 'nonce-n0nce'; script-src 'nonce-n0nce'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  });

  it('shows number, MM/YY, CVV and name, escaped, with copy buttons hidden until the script runs', () => {
    const html = renderCardDetailsPage({ ...VIEW, embossedName: 'A <B> & "C"' }, 'n0nce');
    expect(html).toContain('<dd id="card-number">4532 0151 1283 0366</dd>');
    expect(html).toContain('<dd id="card-expiry">07/29</dd>');
    expect(html).toContain('<dt>CVV</dt><dd id="card-cvv">042</dd>');
    expect(html).toContain('<dd id="card-name">A &lt;B&gt; &amp; &quot;C&quot;</dd>');
    expect(html).toContain('@media (prefers-color-scheme: dark)');
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html.match(/<button [^>]* hidden>Copy<\/button>/g)).toHaveLength(4);
  });

  it('the expired page says so and nothing else', () => {
    const html = renderExpiredPage('n0nce');
    expect(html).toContain('<h1>This link has expired</h1>');
    expect(html).not.toMatch(/\d{4}/);
  });
});
