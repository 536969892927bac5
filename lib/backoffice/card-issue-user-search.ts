// Finding the user a card is issued to. The wallet looks users up by whole e-mail or whole app
// user ID only (4.2 filters), so a typed search becomes one or two exact look-ups, or, when
// empty, the newest registrations; and each entry the wallet returns becomes what the wizard
// shows of a user, without their cards' numbers.
import { appUserIdParam, emailParam, type UserWithCards } from '@/lib/wallet/contract/schemas';
import type { IssueUser } from '@/lib/backoffice/forms/card-issue';

export type UserLookup =
  | { kind: 'newest' }
  /** An e-mail address is also a valid app user ID, so it may need both look-ups. */
  | { kind: 'exact'; filters: ({ email: string } | { appUserId: string })[] }
  | { kind: 'unsearchable' };

export function userLookup(query: string): UserLookup {
  const text = query.trim();
  if (text === '') return { kind: 'newest' };
  const filters: ({ email: string } | { appUserId: string })[] = [];
  if (emailParam.safeParse(text).success) filters.push({ email: text });
  if (appUserIdParam.safeParse(text).success) filters.push({ appUserId: text });
  return filters.length > 0 ? { kind: 'exact', filters } : { kind: 'unsearchable' };
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

/** Each user once, in the order found (the same user can match by e-mail and by app user ID). */
export function distinctUsers(users: readonly IssueUser[]): IssueUser[] {
  const seen = new Set<string>();
  return users.filter((user) => {
    if (seen.has(user.appUserId)) return false;
    seen.add(user.appUserId);
    return true;
  });
}
