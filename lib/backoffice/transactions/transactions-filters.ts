// The filters of /transactions (docs/back-office.md "Routes"): GET parameters named as
// authorization/list's (status, declineReason, appUserId, from, to) plus the cursor, read from the
// address the same way by the page and its CSV export, so the export is exactly the filter
// (docs/card-spending.md "authorization/list"); and `holder`, a person as people name them (a name,
// an e-mail), which the page turns into their appUserId (transactions-data.ts findHolder). A value
// the wallet would refuse is reported, not dropped: dropping it would list (and export) more than
// was asked for. The filter in words comes from the one mapping of statuses and decline reasons.
// Pure and zod-free.
import { AUTHORIZATION_STATUS_TEXT } from '@/lib/backoffice/cards/authorization-view';
import { DECLINE_REASON_TEXT } from '@/lib/backoffice/cards/decline-reasons';
import { APP_USER_ID_PATTERN } from '@/lib/wallet/contract/patterns';
import {
  AUTHORIZATION_STATUSES,
  DECLINE_REASONS,
  type AuthorizationStatus,
  type DeclineReason,
} from '@/lib/wallet/contract/enums';

export type TransactionFilters = {
  status?: AuthorizationStatus;
  declineReason?: DeclineReason;
  appUserId?: string;
  from?: string;
  to?: string;
};

export type ParsedTransactionsQuery = {
  filters: TransactionFilters;
  cursor?: string;
  /** The person asked for by name (2-64 characters), when no appUserId names them already. */
  holder?: string;
  /** The parameters that are not valid, by name, with what is wrong, for the form. */
  invalid: Partial<Record<keyof TransactionFilters | 'cursor' | 'holder', string>>;
};

export const FILTER_NAMES = ['status', 'declineReason', 'appUserId', 'from', 'to'] as const;

const CURSOR = /^[A-Za-z0-9_-]{1,64}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(v: string): boolean {
  if (!DAY.test(v)) return false;
  const d = new Date(`${v}T00:00:00.000Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

type Source = URLSearchParams | Record<string, string | string[] | undefined>;

function get(source: Source, name: string): string | undefined {
  const raw = source instanceof URLSearchParams ? (source.get(name) ?? undefined) : source[name];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return v ? v : undefined;
}

export function parseTransactionsQuery(source: Source): ParsedTransactionsQuery {
  const filters: TransactionFilters = {};
  const invalid: ParsedTransactionsQuery['invalid'] = {};
  const status = get(source, 'status');
  if (status !== undefined) {
    const s = AUTHORIZATION_STATUSES.find((v) => v === status);
    if (s) filters.status = s;
    else invalid.status = 'Choose a status from the list.';
  }
  const reason = get(source, 'declineReason');
  if (reason !== undefined) {
    const r = DECLINE_REASONS.find((v) => v === reason);
    if (r) filters.declineReason = r;
    else invalid.declineReason = 'Choose a decline reason from the list.';
  }
  const appUserId = get(source, 'appUserId');
  if (appUserId !== undefined) {
    if (APP_USER_ID_PATTERN.test(appUserId)) filters.appUserId = appUserId;
    else invalid.appUserId = "An app user ID is 1-64 letters, digits, '_', '.', '@', ':', '+' or '-'.";
  }
  // An appUserId is exact: a name beside it (a link from the list of people of one name) is left.
  const holder = filters.appUserId ? undefined : get(source, 'holder');
  for (const name of ['from', 'to'] as const) {
    const v = get(source, name);
    if (v === undefined) continue;
    if (isDay(v)) filters[name] = v;
    else invalid[name] = 'Enter a date as yyyy-mm-dd.';
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    invalid.to = 'The end date must not be before the start date.';
    delete filters.to;
  }
  const cursor = get(source, 'cursor');
  const parsed: ParsedTransactionsQuery = { filters, invalid };
  if (holder !== undefined) {
    if (holder.length >= 2 && holder.length <= 64) parsed.holder = holder;
    else invalid.holder = "Enter 2-64 characters of the person's name or e-mail.";
  }
  if (cursor !== undefined) {
    if (CURSOR.test(cursor)) parsed.cursor = cursor;
    else invalid.cursor = 'The page link is not valid; start from the newest.';
  }
  return parsed;
}

/** The filters (and a cursor) as a query string, in the parameters' order: "?status=DECLINED&...". */
export function transactionsQueryString(filters: TransactionFilters, cursor?: string): string {
  const q = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const v = filters[name];
    if (v) q.set(name, v);
  }
  if (cursor) q.set('cursor', cursor);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * The filter in words, for the page and the audit log: "declined purchases (over the daily limit)
 * of Grace Hopper, from 2026-11-01 to 2026-11-30". The person by name when the page knows it.
 */
export function describeTransactionFilters(filters: TransactionFilters, holderName?: string): string {
  const { status, declineReason, appUserId, from, to } = filters;
  const any = status || declineReason || appUserId || from || to;
  const parts = [
    status
      ? `${AUTHORIZATION_STATUS_TEXT[status].label.toLowerCase()} purchases`
      : declineReason
        ? 'declined purchases'
        : any
          ? 'purchases'
          : 'every purchase',
  ];
  if (declineReason) parts.push(`(${DECLINE_REASON_TEXT[declineReason].label.toLowerCase()})`);
  if (appUserId) parts.push(`of ${holderName ?? `user ${appUserId}`}`);
  const days = [from ? `from ${from}` : '', to ? `to ${to}` : ''].filter(Boolean).join(' ');
  return days ? `${parts.join(' ')}, ${days}` : parts.join(' ');
}
