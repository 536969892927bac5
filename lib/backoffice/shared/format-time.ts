// How the back-office writes dates and times for staff (format.ts, which re-exports these, says
// the rest): by hand, without the runtime's locale data, so that a browser component writes the
// very text the server's HTML holds. Pure and client-safe, and apart from format.ts so that a
// page's times (components/ui/local-time.tsx) load nothing else.

// Built by hand rather than by Intl.DateTimeFormat('en-GB', { timeZone: 'UTC' }): the ICU data of
// Node and of each browser differ (current CLDR writes September "Sept", and the word between
// date and time has changed between releases), and a client component's text must equal the
// server's HTML. UTC on the server: staff and users may be in any zone, and the wallet keeps UTC;
// the browser then writes the viewer's own time (formatDateTimeAt), UTC kept on hover.
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const two = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | Date): Date | null {
  const date = typeof value === 'string' ? new Date(value) : value;
  return Number.isNaN(date.getTime()) ? null : date;
}

function utcDay(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/**
 * "2026-11-23T14:05:09Z" -> "23 Nov 2026, 14:05 UTC", the one date-time format of the
 * back-office; with `seconds`, "23 Nov 2026, 14:05:09 UTC" (the audit log, where entries a few
 * seconds apart must read apart). A value that is not a date is shown as it came.
 */
export function formatDateTime(value: string | Date, options: { seconds?: boolean } = {}): string {
  const date = toDate(value);
  if (!date) return String(value);
  const seconds = options.seconds ? `:${two(date.getUTCSeconds())}` : '';
  return `${utcDay(date)}, ${two(date.getUTCHours())}:${two(date.getUTCMinutes())}${seconds} UTC`;
}

/**
 * The same date-time at an offset from UTC, in minutes east (the viewer's, which only the browser
 * knows: components/ui/local-time.tsx): "23 Nov 2026, 19:35 UTC+5:30"; at offset 0 exactly
 * formatDateTime's "23 Nov 2026, 14:05 UTC". The offset is written out rather than a zone's name
 * for the reason above: the runtime's zone names differ.
 */
export function formatDateTimeAt(
  value: string | Date,
  offsetMinutes: number,
  options: { seconds?: boolean } = {},
): string {
  const date = toDate(value);
  if (!date) return String(value);
  if (offsetMinutes === 0) return formatDateTime(date, options);
  const abs = Math.abs(offsetMinutes);
  const zone = `UTC${offsetMinutes > 0 ? '+' : '-'}${Math.floor(abs / 60)}${abs % 60 ? `:${two(abs % 60)}` : ''}`;
  const shifted = new Date(date.getTime() + offsetMinutes * 60_000);
  return `${formatDateTime(shifted, options).slice(0, -' UTC'.length)} ${zone}`;
}

/** "2026-11-23T23:59:00Z" -> "23 Nov 2026": the same style, date only (the UTC day). */
export function formatDate(value: string | Date): string {
  const date = toDate(value);
  return date ? utcDay(date) : String(value);
}
