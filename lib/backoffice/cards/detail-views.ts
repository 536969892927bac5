// A card's recent detail views as the card page lists them (docs/back-office.md "The cardholder's
// card details"): each open of the card-details page by its holder, from the `card.details_viewed`
// events (docs/wallet-api.md "Events and webhooks"), newest first, with where it came from in words
// (the address, and the browser and system its user agent names). The back-office never sees the
// details themselves: only that, when and from where they were shown. Pure and zod-free.

/** One open of the card-details page, as the card page shows it. */
export type DetailView = {
  /** ISO instant of the open. */
  viewedAt: string;
  /** The address the page was opened from; null when the event names none. */
  ip: string | null;
  /** The browser and system, in words ("Chrome on Android"), else the agent as sent (shortened). */
  device: string;
};

/** What of an event the list reads: event/list's items carry more. */
type ViewEvent = { createdAt: string; data: Record<string, unknown> };

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;

/** The longest user agent shown as sent, when no browser in it is known. */
export const AGENT_SHOWN = 60;

// Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", iOS browsers say "Safari".
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/(?:Chrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bcurl\//, 'curl'],
];

const SYSTEMS: readonly [RegExp, string][] = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** A user agent in words: "Chrome on Android", "Safari on iPhone"; unknown ones as sent, shortened. */
export function readableUserAgent(userAgent: string | null): string {
  if (userAgent === null) return 'Unknown device';
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return userAgent.length > AGENT_SHOWN ? `${userAgent.slice(0, AGENT_SHOWN - 1)}…` : userAgent;
}

/** The views the events record, newest first (by when the page was opened). */
export function detailViewsOf(events: readonly ViewEvent[]): DetailView[] {
  return events
    .map((event) => ({
      viewedAt: text(event.data.viewedAt) ?? event.createdAt,
      // An IPv4 address as a dual-stack socket reports it ("::ffff:203.0.113.7") reads as itself.
      ip: text(event.data.ip)?.replace(/^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i, '$1') ?? null,
      device: readableUserAgent(text(event.data.userAgent)),
    }))
    .sort((a, b) => Date.parse(b.viewedAt) - Date.parse(a.viewedAt));
}
