// card/list (docs/wallet-api.md "card/list"): the agency's cards themselves, narrowed by status,
// type, last four and issue date, in issue order, a page at a time by keyset cursor.
import { z } from 'zod';
import { defineOperation } from '@/lib/wallet/contract/define-operation';
import { CARD_STATUSES, CARD_TYPES } from '@/lib/wallet/contract/enums';
import { CURSOR_RULE, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { withWireForm } from '@/lib/wallet/contract/wire-schema';
import {
  appUserIdParam,
  authParams,
  boundedInt,
  dateParam,
  managedCardSchema,
  oneOf,
} from '@/lib/wallet/contract/schemas';

export const CARD_LIST_SORTS = ['newest', 'oldest'] as const;

/** Where the next page starts: the last card's issue time (as stored, to the microsecond) and ID. */
export type CardListCursor = { at: string; id: number };

/** The cursor as sent: base64url of `<issue time>|<card ID>`. */
export function encodeCardListCursor(cursor: CardListCursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, 'utf8').toString('base64url');
}

function realInstant(text: string): boolean {
  const [, y, mo, d, h, mi, sec] = /^(\d{4})-(\d\d)-(\d\d)[ T](\d\d):(\d\d):(\d\d)/
    .exec(text)!
    .map(Number) as number[];
  const day = new Date(Date.UTC(y!, mo! - 1, d!));
  return (
    day.getUTCFullYear() === y &&
    day.getUTCMonth() === mo! - 1 &&
    day.getUTCDate() === d &&
    h! < 24 &&
    mi! < 60 &&
    sec! < 60
  );
}

export function decodeCardListCursor(text: string): CardListCursor | null {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(text)) return null;
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  const match =
    /^(\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(?:\.\d{1,6})?(?:Z|[+-]\d\d(?::?\d\d)?)?)\|([1-9]\d{0,9})$/.exec(
      decoded,
    );
  // The time is PostgreSQL's own text of the card's issue time; the database reads it back, so
  // it must be a real instant (a forged 30 February would fail the cast, not the rule).
  if (!match || Number(match[2]) > 2_147_483_647 || !realInstant(match[1]!)) return null;
  return { at: match[1]!, id: Number(match[2]) };
}

const cardListParams = z.object({
  ...authParams,
  status: oneOf(CARD_STATUSES).optional(),
  type: oneOf(CARD_TYPES).optional(),
  last4: z
    .string()
    .regex(/^\d{4}$/, 'must be the last four digits of a card number')
    .optional(),
  issuedFrom: dateParam.optional(),
  issuedTo: dateParam.optional(),
  appUserId: appUserIdParam.optional(),
  sort: oneOf(CARD_LIST_SORTS).default('newest'),
  cursor: withWireForm(
    z.string().refine((v) => decodeCardListCursor(v) !== null, CURSOR_RULE),
    {
      type: 'string',
      pattern: '^[A-Za-z0-9_-]{1,120}$',
      // base64url of "2026-11-25 09:30:00.123456+00|42": after card 42, issued then.
      example: 'MjAyNi0xMS0yNSAwOTozMDowMC4xMjM0NTYrMDB8NDI',
    },
  ).optional(),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});

/** One card of the list: the card record, whose it is and when it was issued. */
export const cardListItemSchema = managedCardSchema.extend({ issueTime: z.iso.datetime() });

export const cardListSchema = z.object({
  list: z.array(cardListItemSchema),
  haveNext: z.boolean(),
  /** Send it as `cursor`, with the same filters and sort, for the next page; null on the last. */
  nextCursor: z.string().nullable(),
});

export const cardList = defineOperation({
  name: 'cardList',
  method: 'POST',
  path: '/wallet/api/card/list',
  summary: "Extension: the app's cards, filtered and in issue order, a page at a time by cursor",
  section: 'extension',
  tag: 'Card Management',
  extension: true,
  mutating: false,
  params: cardListParams,
  data: cardListSchema,
  codes: [],
  events: [],
  paramText: {
    status: 'Only cards in this status',
    type: 'Only virtual or only physical cards',
    last4: 'Only cards whose number ends in these four digits',
    issuedFrom: 'Only cards issued on this UTC day or later (yyyy-MM-dd)',
    issuedTo: 'Only cards issued on this UTC day or earlier (yyyy-MM-dd)',
    appUserId: "Only this user's cards",
    sort: 'newest (the default) or oldest issued first',
    cursor: "The previous page's nextCursor; without it, the first page",
    pageSize: 'Cards per page',
  },
});
