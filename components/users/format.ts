// How the user pages write wallet values for staff: times in UTC (staff and users may be in any
// zone, and the wallet stores UTC), mobile numbers as dialled, card expiry as printed on a card.

const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});

/** "2026-04-12T14:03:00.000Z" -> "12 Apr 2026, 14:03 UTC" */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${dateTime.format(date)} UTC`;
}

/** "852-91234567" -> "+852 91234567" */
export function formatMobile(mobile: string): string {
  const match = /^(\d{1,4})-(\d+)$/.exec(mobile);
  return match ? `+${match[1]} ${match[2]}` : mobile;
}

/** ("04", "2029") -> "04/2029" */
export function formatExpiry(month: string, year: string): string {
  return month && year ? `${month.padStart(2, '0')}/${year}` : '';
}
