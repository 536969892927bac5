// Finding the user a card is issued to: a typed search goes to user/search
// (docs/wallet-api.md "Finding a user": a name, an e-mail or app user ID or their start, a phone
// number, a card's last four or id), an empty one lists the newest registrations (4.2); and each
// entry the wallet returns becomes what the wizard shows of a user, without their cards' numbers.
import type { UserWithCards } from '@/lib/wallet/contract/schemas';
import type { IssueUser } from '@/lib/backoffice/card-issue/forms';
import { SEARCH_MAX, SEARCH_MIN } from '@/lib/backoffice/search/search';

export type UserLookup =
  | { kind: 'newest' }
  | { kind: 'search'; q: string }
  /** Too short or too long for user/search (2-64 characters). */
  | { kind: 'unsearchable' };

export function userLookup(query: string): UserLookup {
  const text = query.trim();
  if (text === '') return { kind: 'newest' };
  if (text.length < SEARCH_MIN || text.length > SEARCH_MAX) return { kind: 'unsearchable' };
  return { kind: 'search', q: text };
}

export function toIssueUser(entry: UserWithCards): IssueUser {
  return {
    appUserId: entry.appUserId,
    email: entry.email,
    firstName: entry.firstName,
    lastName: entry.lastName,
    mobile: entry.mobile,
    cardCount: entry.cardList.length,
  };
}
