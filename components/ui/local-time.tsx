'use client';
// A moment as the viewer reads it (docs/back-office.md "How values read"): the server writes UTC
// ("23 Nov 2026, 14:05 UTC", which a page without JavaScript keeps), then the browser the viewer's
// own time ("23 Nov 2026, 15:05 UTC+1"), so "it was an hour ago" on the phone matches the page;
// UTC stays on hover (title), and the machine-readable instant in <time dateTime>.
import { formatDateTime, formatDateTimeAt } from '@/lib/backoffice/shared/format-time';
import { useMounted } from './use-mounted';

export function LocalTime({ value, seconds = false }: { value: string | Date; seconds?: boolean }) {
  const mounted = useMounted();
  const date = typeof value === 'string' ? new Date(value) : value;
  const valid = !Number.isNaN(date.getTime());
  const utc = formatDateTime(value, { seconds });
  // getTimezoneOffset is minutes west, for that instant (summer time included).
  const text = mounted && valid ? formatDateTimeAt(date, -date.getTimezoneOffset(), { seconds }) : utc;
  return (
    <time dateTime={valid ? date.toISOString() : String(value)} title={utc}>
      {text}
    </time>
  );
}
