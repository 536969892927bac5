// user/search (DESIGN §8): one box that finds a user by any key a caller on the phone may give:
// appUserId or e-mail (whole, or a prefix of 3+ characters), a first or last name (case-
// insensitive prefix), a mobile number (its digits, with or without the region code), a card's
// last four digits, or a cardId. One statement (SEARCH_USERS) of index-bound branches; the
// users' cards from the same statement 4.2 uses.
import type { DatabaseHandle } from '@/lib/db/open';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import type { UserSearchResult } from '@/lib/wallet/contract/schemas';
import type { AuthenticatedApp } from '../context';
import { SEARCH_USERS } from '../db/statements';
import { toUserEntries, type UserEntryRow } from '../card/list-cards-by-user';

/** The smallest string greater than every string starting with `prefix` (code point order). */
export function prefixEnd(prefix: string): string {
  const chars = [...prefix];
  const last = chars.pop();
  if (last === undefined) return '\u{10FFFF}';
  const code = last.codePointAt(0)!;
  return code >= 0x10ffff ? `${prefix}\u{10FFFF}` : `${chars.join('')}${String.fromCodePoint(code + 1)}`;
}

/** The statement's parameters for a query; null where a key does not apply. */
export function searchKeys(appKey: number, rawQuery: string, pageSize: number): unknown[] {
  const q = rawQuery.trim();
  const lower = q.toLowerCase();
  const digits = q.replace(/[\s+()-]/g, '');
  const isDigits = /^\d+$/.test(digits);
  const cardId = /^\d{1,10}$/.test(q) && Number(q) <= 2_147_483_647 ? Number(q) : null;
  const last4 = /^\d{4}$/.test(q) ? q : null;
  const mobile = isDigits && digits.length >= 4 ? digits : null;
  const prefix = q.length >= 3;
  return [
    appKey,
    cardId,
    q,
    lower,
    last4,
    mobile,
    prefix ? q : null,
    prefix ? prefixEnd(q) : null,
    prefix ? lower : null,
    prefix ? prefixEnd(lower) : null,
    lower,
    prefixEnd(lower),
    pageSize,
  ];
}

export async function searchUsers(options: {
  engine: DatabaseHandle;
  app: AuthenticatedApp;
  params: OperationParams<'userSearch'>;
}): Promise<UserSearchResult> {
  const { engine, app, params } = options;
  const rows = await engine.query<UserEntryRow>(
    SEARCH_USERS.text,
    searchKeys(app.id, params.q, params.pageSize),
  );
  return { list: await toUserEntries(engine, app, rows) };
}
