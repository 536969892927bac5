// The /cards filters (docs/back-office.md "Pages"): status, type, last four, issue days and order,
// and the holder the one form's search box names (`q`: an e-mail or app user ID), read from the
// URL of a GET form, with the cursor of the page shown. Only the card filters switch the page to
// the cards themselves; `q` alone filters the users grouped, as before. Pure and zod-free (the page
// and its links read it); the wallet checks every value again (card/list).
import { CARD_STATUSES, CARD_TYPES } from '@/lib/wallet/contract/enums';
import { searchParam, wholeNumberOr, type RawSearchParams } from '@/lib/backoffice/shared/paging';

export const DEFAULT_FILTERED_SIZE = 25;

export type CardStatusFilter = (typeof CARD_STATUSES)[number];
export type CardTypeFilter = (typeof CARD_TYPES)[number];

export type CardFilters = {
  /** The holder, by e-mail or app user ID (`q`, the form's search box). */
  holder: string | null;
  status: CardStatusFilter | null;
  type: CardTypeFilter | null;
  last4: string | null;
  from: string | null;
  to: string | null;
  sort: 'newest' | 'oldest';
  /** Cards a page, 1–100 (`size`), 25 by default. */
  size: number;
};

export type ParsedCardFilters = {
  filters: CardFilters;
  cursor: string | null;
  /** Whether the URL asks for the filtered card list rather than the users grouped. */
  active: boolean;
  /** What was not understood, in words, by field; those filters are left out. */
  problems: Partial<Record<keyof CardFilters | 'cursor', string>>;
};

export const CARD_FILTER_PARAMS = ['status', 'type', 'last4', 'from', 'to', 'sort', 'cursor'] as const;
/** The form's fields that, given, list the cards themselves rather than the users grouped. */
export const CARD_FILTER_FIELDS = ['status', 'type', 'last4', 'from', 'to', 'sort'] as const;

export const CARD_STATUS_WORDS: Record<CardStatusFilter, string> = {
  PENDING: 'Pending',
  ACTIVE: 'Active',
  LOCKED: 'Locked',
  CANCELLED: 'Cancelled',
};

export const CARD_TYPE_WORDS: Record<CardTypeFilter, string> = { VIRTUAL: 'Virtual', PHYSICAL: 'Physical' };

const isDay = (v: string) => /^\d{4}-\d\d-\d\d$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

export function parseCardFilters(raw: RawSearchParams): ParsedCardFilters {
  const get = (name: string) => {
    const value = searchParam(raw, name)?.trim();
    return value ? value : null;
  };
  const problems: ParsedCardFilters['problems'] = {};
  const status = get('status');
  const type = get('type');
  const last4 = get('last4');
  const from = get('from');
  const to = get('to');
  const sort = get('sort');
  const cursor = get('cursor');
  const filters: CardFilters = {
    holder: get('q'),
    status: null,
    type: null,
    last4: null,
    from: null,
    to: null,
    sort: sort === 'oldest' ? 'oldest' : 'newest',
    size: wholeNumberOr(get('size') ?? undefined, 100, DEFAULT_FILTERED_SIZE),
  };
  if (status !== null) {
    if ((CARD_STATUSES as readonly string[]).includes(status)) filters.status = status as CardStatusFilter;
    else problems.status = 'Choose a status from the list.';
  }
  if (type !== null) {
    if ((CARD_TYPES as readonly string[]).includes(type)) filters.type = type as CardTypeFilter;
    else problems.type = 'Choose virtual or physical.';
  }
  if (last4 !== null) {
    if (/^\d{4}$/.test(last4)) filters.last4 = last4;
    else problems.last4 = 'Enter the last four digits of the card number, e.g. 3771.';
  }
  if (from !== null) {
    if (isDay(from)) filters.from = from;
    else problems.from = 'Enter a date, e.g. 2026-11-01.';
  }
  if (to !== null) {
    if (isDay(to)) filters.to = to;
    else problems.to = 'Enter a date, e.g. 2026-11-30.';
  }
  if (filters.from && filters.to && filters.from > filters.to) {
    problems.to = 'The last day must not be before the first.';
    filters.to = null;
  }
  if (sort !== null && sort !== 'newest' && sort !== 'oldest')
    problems.sort = 'Choose newest or oldest first.';
  const active = CARD_FILTER_PARAMS.some((name) => get(name) !== null);
  return {
    filters,
    cursor: cursor && /^[A-Za-z0-9_-]{1,120}$/.test(cursor) ? cursor : null,
    active,
    problems,
  };
}

/** The filters as a query string (no cursor: a new filter or the first page). */
export function cardFiltersQuery(filters: CardFilters, cursor?: string | null): string {
  const query = new URLSearchParams();
  if (filters.holder) query.set('q', filters.holder);
  if (filters.status) query.set('status', filters.status);
  if (filters.type) query.set('type', filters.type);
  if (filters.last4) query.set('last4', filters.last4);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  query.set('sort', filters.sort);
  if (filters.size !== DEFAULT_FILTERED_SIZE) query.set('size', String(filters.size));
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

/** What the list shows, in words: "Locked virtual cards ending 3771, issued 1–30 Nov 2026". */
export function describeCardFilters(filters: CardFilters): string {
  const parts = [
    filters.status ? CARD_STATUS_WORDS[filters.status] : null,
    filters.type ? CARD_TYPE_WORDS[filters.type].toLowerCase() : null,
    'cards',
  ].filter(Boolean);
  let text = parts.join(' ');
  text = text.charAt(0).toUpperCase() + text.slice(1);
  if (filters.last4) text += ` ending ${filters.last4}`;
  if (filters.holder) text += ` of ${filters.holder}`;
  if (filters.from && filters.to) text += `, issued ${filters.from} to ${filters.to}`;
  else if (filters.from) text += `, issued from ${filters.from}`;
  else if (filters.to) text += `, issued until ${filters.to}`;
  return `${text}, ${filters.sort === 'newest' ? 'newest' : 'oldest'} issued first`;
}
