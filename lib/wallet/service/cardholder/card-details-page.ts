// The card-details page (docs/wallet-api.md "The card-details link"): the one place a card's
// whole number and CVV are shown, to its holder, served by the wallet service's own HTTP layer
// (not the back-office). Pure: the HTML and the headers of one page, from what the link opened.
// The page reads without JavaScript (the values are text a person can select); the copy buttons
// appear only when the script runs (they need the clipboard). Nothing is loaded from anywhere:
// the one inline style and script carry a nonce that the CSP names, and frame-ancestors lists the
// app's card-view origins ('none' when it has none: then the page opens only as a page of its own).
import { randomBytes } from 'node:crypto';

export type CardDetailsView = {
  cardNumber: string;
  cvv: string;
  /** 01-12 */
  expireMonth: string;
  /** yyyy */
  expireYear: string;
  embossedName: string;
  network: string;
  /** The category's name ("Virtual Visa Classic"). */
  cardName: string;
  /** The category's styleConfig (JSON: background, foreground). */
  styleConfig: string;
};

const DEFAULT_COLOURS = { background: '#1f2937', foreground: '#ffffff' };
const COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

/** The category's colours, each a #rgb or #rrggbb (anything else: the default's). */
export function cardColours(styleConfig: string): { background: string; foreground: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(styleConfig);
  } catch {
    return DEFAULT_COLOURS;
  }
  const style = (parsed ?? {}) as { background?: unknown; foreground?: unknown };
  const pick = (value: unknown, fallback: string) =>
    typeof value === 'string' && COLOUR.test(value) ? value : fallback;
  return {
    background: pick(style.background, DEFAULT_COLOURS.background),
    foreground: pick(style.foreground, DEFAULT_COLOURS.foreground),
  };
}

/** "4111111111111111" -> "4111 1111 1111 1111". */
export function groupsOfFour(cardNumber: string): string {
  return cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** The CSP frame-ancestors source list: the app's card-view origins, or 'none'. */
export function frameAncestors(origins: readonly string[]): string {
  return origins.length > 0 ? origins.join(' ') : "'none'";
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The headers every answer at /wallet/card-details/ carries, the page's or the expired one's. */
export function cardDetailsHeaders(options: {
  nonce: string;
  origins: readonly string[];
}): Record<string, string> {
  const { nonce } = options;
  return {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Robots-Tag': 'noindex',
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      `script-src 'nonce-${nonce}'`,
      "base-uri 'none'",
      "form-action 'none'",
      `frame-ancestors ${frameAncestors(options.origins)}`,
    ].join('; '),
  };
}

export function newNonce(): string {
  return randomBytes(16).toString('base64');
}

const PAGE_STYLE = `
:root { color-scheme: light dark; --page: #f5f5f7; --text: #111827; --muted: #4b5563; --button: #ffffff; --border: #d1d5db; }
@media (prefers-color-scheme: dark) { :root { --page: #111827; --text: #f9fafb; --muted: #d1d5db; --button: #1f2937; --border: #4b5563; } }
* { box-sizing: border-box; }
body { margin: 0; padding: 16px; background: var(--page); color: var(--text); font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 420px; margin: 0 auto; }
.card { border-radius: 16px; padding: 20px; background: var(--card-bg); color: var(--card-fg); aspect-ratio: 1.586; display: flex; flex-direction: column; justify-content: space-between; min-height: 200px; }
.card h1 { margin: 0; font-size: 1rem; font-weight: 600; }
.network { text-transform: uppercase; letter-spacing: .08em; font-size: .8rem; }
.number { font: 600 clamp(1.15rem, 6vw, 1.5rem)/1.2 ui-monospace, "SF Mono", Menlo, Consolas, monospace; letter-spacing: .04em; overflow-wrap: anywhere; }
.name { text-transform: uppercase; letter-spacing: .06em; font-size: .9rem; overflow-wrap: anywhere; }
dl { margin: 16px 0 0; display: grid; gap: 12px; }
dl > div { display: grid; grid-template-columns: 1fr auto; align-items: center; column-gap: 12px; padding: 12px; border: 1px solid var(--border); border-radius: 12px; }
dt { grid-column: 1; color: var(--muted); font-size: .85rem; }
dd { grid-column: 1; margin: 0; font: 600 1.05rem ui-monospace, "SF Mono", Menlo, Consolas, monospace; user-select: all; overflow-wrap: anywhere; }
dl button { grid-column: 2; grid-row: 1 / span 2; }
button { font: inherit; font-size: .9rem; min-height: 44px; min-width: 64px; padding: 8px 12px; border-radius: 10px; border: 1px solid var(--border); background: var(--button); color: var(--text); cursor: pointer; }
button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
p.note { color: var(--muted); font-size: .85rem; margin: 16px 0 0; }
`;

// Copies the value (without the spaces of the grouping); says "Copied" for a moment. The buttons
// stay hidden where this never runs.
const PAGE_SCRIPT = `
for (const button of document.querySelectorAll('button[data-copy]')) {
  button.hidden = false;
  button.addEventListener('click', async () => {
    const value = document.getElementById(button.dataset.copy).textContent.replace(/\\s+/g, '');
    try {
      await navigator.clipboard.writeText(value);
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy';
    }
    setTimeout(() => { button.textContent = 'Copy'; }, 2000);
  });
}
`;

function field(id: string, label: string, value: string, copyLabel: string): string {
  return `<div><dt>${label}</dt><dd id="${id}">${escapeHtml(value)}</dd><button type="button" data-copy="${id}" aria-label="${copyLabel}" hidden>Copy</button></div>`;
}

/** The page: the card in its category's colours, then number, expiry, CVV and name, each copyable. */
export function renderCardDetailsPage(view: CardDetailsView, nonce: string): string {
  const colours = cardColours(view.styleConfig);
  const number = groupsOfFour(view.cardNumber);
  const expiry = `${view.expireMonth.padStart(2, '0')}/${view.expireYear.slice(-2)}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>Your card details</title>
<style nonce="${nonce}">${PAGE_STYLE}
.card { --card-bg: ${colours.background}; --card-fg: ${colours.foreground}; }</style>
</head>
<body>
<main>
<section class="card" aria-label="${escapeHtml(view.cardName)}">
<h1>${escapeHtml(view.cardName)} <span class="network">${escapeHtml(view.network)}</span></h1>
<div class="number" aria-hidden="true">${escapeHtml(number)}</div>
<div class="name" aria-hidden="true">${escapeHtml(view.embossedName)}</div>
</section>
<dl>
${field('card-number', 'Card number', number, 'Copy the card number')}
${field('card-expiry', 'Expiry (MM/YY)', expiry, 'Copy the expiry date')}
${field('card-cvv', 'CVV', view.cvv, 'Copy the CVV')}
${field('card-name', 'Name on card', view.embossedName, 'Copy the name on the card')}
</dl>
<p class="note">Only you see this page, once: it cannot be opened again. Do not share these details.</p>
</main>
<script nonce="${nonce}">${PAGE_SCRIPT}</script>
</body>
</html>
`;
}

/** A second open, an expired or unknown link (HTTP 410): says so, and nothing else. */
export function renderExpiredPage(nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>This link has expired</title>
<style nonce="${nonce}">:root { color-scheme: light dark; } body { margin: 0; padding: 24px 16px; font: 16px/1.4 system-ui, sans-serif; } main { max-width: 420px; margin: 0 auto; }</style>
</head>
<body>
<main>
<h1>This link has expired</h1>
<p>A card-details link opens once, within a minute. Ask the app for a new one.</p>
</main>
</body>
</html>
`;
}
