// The filters of /disputes (docs/back-office.md "Disputes"): GET parameters named as dispute/list's
// (status, reason, appUserId, cardId) plus the cursor, read from the address the same way by the
// page and its CSV export, so the export is exactly the filter; and `holder`, a person as people
// name them, which the page turns into their appUserId (transactions-data.ts findHolder). A value
// the wallet would refuse is reported, not dropped. Pure.
import { APP_USER_ID_PATTERN } from '@/lib/wallet/contract/patterns';
import { DISPUTE_REASON_TEXT, DISPUTE_STATUS_BADGE } from './dispute-words';
import {
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  type DisputeReason,
  type DisputeStatus,
} from '@/lib/wallet/contract/enums';

export type DisputeFilters = {
  status?: DisputeStatus;
  reason?: DisputeReason;
  appUserId?: string;
  cardId?: number;
};

export type ParsedDisputesQuery = {
  filters: DisputeFilters;
  cursor?: string;
  holder?: string;
  invalid: Partial<Record<keyof DisputeFilters | 'cursor' | 'holder', string>>;
};

const FILTER_NAMES = ['status', 'reason', 'appUserId', 'cardId'] as const;
const CURSOR = /^[A-Za-z0-9_-]{1,64}$/;

type Source = URLSearchParams | Record<string, string | string[] | undefined>;

function get(source: Source, name: string): string | undefined {
  const raw = source instanceof URLSearchParams ? (source.get(name) ?? undefined) : source[name];
  const v = (Array.isArray(raw) ? raw[0] : raw)?.trim();
  return v ? v : undefined;
}

export function parseDisputesQuery(source: Source): ParsedDisputesQuery {
  const filters: DisputeFilters = {};
  const invalid: ParsedDisputesQuery['invalid'] = {};
  const status = get(source, 'status');
  if (status !== undefined) {
    const s = DISPUTE_STATUSES.find((v) => v === status);
    if (s) filters.status = s;
    else invalid.status = 'Choose a status from the list.';
  }
  const reason = get(source, 'reason');
  if (reason !== undefined) {
    const r = DISPUTE_REASONS.find((v) => v === reason);
    if (r) filters.reason = r;
    else invalid.reason = 'Choose a reason from the list.';
  }
  const appUserId = get(source, 'appUserId');
  if (appUserId !== undefined) {
    if (APP_USER_ID_PATTERN.test(appUserId)) filters.appUserId = appUserId;
    else invalid.appUserId = "An app user ID is 1-64 letters, digits, '_', '.', '@', ':', '+' or '-'.";
  }
  const cardId = get(source, 'cardId');
  if (cardId !== undefined) {
    if (/^[1-9]\d{0,9}$/.test(cardId) && Number(cardId) <= 2_147_483_647) filters.cardId = Number(cardId);
    else invalid.cardId = 'A card ID is a whole number, e.g. 42.';
  }
  const parsed: ParsedDisputesQuery = { filters, invalid };
  // An appUserId is exact: a name beside it (a link from the list of people of one name) is left.
  const holder = filters.appUserId ? undefined : get(source, 'holder');
  if (holder !== undefined) {
    if (holder.length >= 2 && holder.length <= 64) parsed.holder = holder;
    else invalid.holder = "Enter 2-64 characters of the person's name or e-mail.";
  }
  const cursor = get(source, 'cursor');
  if (cursor !== undefined) {
    if (CURSOR.test(cursor)) parsed.cursor = cursor;
    else invalid.cursor = 'The page link is not valid; start from the newest.';
  }
  return parsed;
}

/** The filters (and a cursor) as a query string, in the parameters' order: "?status=OPEN&...". */
export function disputesQueryString(filters: DisputeFilters, cursor?: string): string {
  const q = new URLSearchParams();
  for (const name of FILTER_NAMES) {
    const v = filters[name];
    if (v !== undefined) q.set(name, String(v));
  }
  if (cursor) q.set('cursor', cursor);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The filter in words, for the page and the audit log: "open disputes (charged twice) of Grace Hopper". */
export function describeDisputeFilters(filters: DisputeFilters, holderName?: string): string {
  const { status, reason, appUserId, cardId } = filters;
  const parts = [status ? `${DISPUTE_STATUS_BADGE[status].label.toLowerCase()} disputes` : 'every dispute'];
  if (reason) parts.push(`(${DISPUTE_REASON_TEXT[reason].label.toLowerCase()})`);
  if (appUserId) parts.push(`of ${holderName ?? `user ${appUserId}`}`);
  if (cardId !== undefined) parts.push(`on card ${cardId}`);
  return parts.join(' ');
}
