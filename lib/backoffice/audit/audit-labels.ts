// How the audit log reads to people: each action name as words, a wallet failure as its result
// code and what the code means, and an entry's target as the page it is about. The one map for
// every action name the back-office writes (audit-labels.test.ts scans the sources, so a new
// name cannot appear on /audit as a bare code). Pure and client-safe.
import { cardActionWords } from '@/lib/wallet/contract/card-lifecycle';
import { resultCodeWords } from '@/lib/backoffice/shared/result-code-words';

export const ACTION_LABELS: Readonly<Record<string, string>> = {
  // Sessions
  'auth.sign_in': 'Sign-in',
  'auth.sign_out': 'Signed out',
  // Users and what they own
  'user.register': 'Registered user',
  'user.view': 'Viewed user',
  'address.add': 'Added address',
  'address.update': 'Updated address',
  'address.delete': 'Deleted address',
  // Cards
  'card.view': 'Viewed card',
  'card.issue': 'Issued card',
  'card.lock': cardActionWords('lock').logged,
  'card.unlock': cardActionWords('unlock').logged,
  'card.activate': cardActionWords('activate').logged,
  'card.cancel': cardActionWords('cancel').logged,
  'card.replace': 'Replaced card',
  'cards.list': 'Read the card list',
  'cards.export': 'Exported cards (CSV)',
  // Money: funding a user's wallet, topping up a card
  'asset.transfer': 'Transferred money',
  'asset.export': 'Exported asset ledger (CSV)',
  // The search box's look-ups (only ever logged when a role is refused them)
  'search.directory': 'Searched users and cards',
  'search.open': 'Opened the best search match',
  // The card-issue wizard's look-ups (only ever logged when a role is refused them)
  'card_issue.search_users': 'Searched users to issue a card',
  'card_issue.agency_assets': 'Listed agency payment assets',
  'card_issue.user_assets': "Listed a user's payment assets",
  'card_issue.categories': 'Listed card types',
  'card_issue.addresses': 'Listed delivery addresses',
  // Staff accounts
  'staff.bootstrap_admin': 'Created the first admin',
  'staff.create': 'Created staff account',
  'staff.invite': 'Invited staff member',
  'staff.reissue_invite': 'Issued new invitation link',
  'staff.accept_invite': 'Accepted invitation',
  'staff.change_role': 'Changed staff role',
  'staff.set_status': 'Disabled or enabled staff member',
  'staff.disable': 'Disabled staff member',
  'staff.enable': 'Re-enabled staff member',
  'staff.password_change': 'Changed own password',
  'staff.enrol_two_factor': 'Started two-factor enrolment',
  'staff.enable_two_factor': 'Turned on two-factor sign-in',
  'staff.disable_two_factor': 'Turned off two-factor sign-in',
  'staff.reset_two_factor': 'Reset two-factor sign-in',
  'staff.recovery_code_use': 'Signed in with a recovery code',
  // Webhooks (/developers)
  'webhook.add': 'Added webhook endpoint',
  'webhook.delete': 'Deleted webhook endpoint',
  'event.redeliver': 'Redelivered event',
  // Approvals (docs/back-office.md "Approvals"): the wallet call itself is logged under its own action name
  'approval.request': 'Asked for approval',
  'approval.approve': 'Approved request',
  'approval.reject': 'Rejected request',
  'approval.withdraw': 'Withdrew request',
  'approval.expire': 'Request expired',
  'approval.read': 'Opened approvals',
  'settings.update': 'Changed settings',
  // The log itself
  'audit.export': 'Exported audit log (CSV)',
};

/** The action in words; a name the map does not know (an older build's) is shown as it is. */
export function actionLabel(action: string): string {
  return Object.hasOwn(ACTION_LABELS, action) ? ACTION_LABELS[action]! : action;
}

/** How a wallet call failed, as the back-office's client reports it (wallet-client/errors.ts). */
export type WalletFailure =
  | { kind: 'answered'; code: number }
  | { kind: 'unreachable' }
  | { kind: 'not-understood' }
  | { kind: 'not-sent' }
  | { kind: 'unexpected' };

/**
 * The failure in plain words for an audit summary: "refused, code 4009 (the card's status does
 * not allow this change)". Without a code the outcome may be unknown, and the words say so: the
 * wallet may have acted on a request whose answer never arrived.
 */
export function walletFailureWords(failure: WalletFailure): string {
  switch (failure.kind) {
    case 'answered':
      return `refused, ${resultCodeWords(failure.code)}`;
    case 'unreachable':
      return 'the wallet service could not be reached; outcome unknown';
    case 'not-understood':
      return "the wallet service's answer could not be understood; outcome unknown";
    case 'not-sent':
      return "not sent: the back-office's own check refused the input";
    case 'unexpected':
      return 'an unexpected error in the back-office; outcome unknown';
  }
}

export type AuditTargetFields = {
  targetType: string | null;
  targetId: string | null;
  subjectUser: string | null;
};

/** A target as a line for people, with the page it is about when it has one. */
export type AuditTargetView = { text: string; href?: string; user?: { id: string; href: string } };

const userHref = (appUserId: string) => `/users/${encodeURIComponent(appUserId)}`;

export function auditTargetView(entry: AuditTargetFields): AuditTargetView | null {
  const { targetType, targetId, subjectUser } = entry;
  // The user it is about, when the target is something of theirs (a card, an address).
  const owner =
    subjectUser && !(targetType === 'user' && targetId === subjectUser)
      ? { id: subjectUser, href: userHref(subjectUser) }
      : undefined;
  if (!targetId) return owner ? { text: `User ${owner.id}`, href: owner.href } : null;
  switch (targetType) {
    case 'user':
      return { text: `User ${targetId}`, href: userHref(targetId), ...(owner ? { user: owner } : {}) };
    case 'card':
      return owner
        ? {
            text: `Card ${targetId}`,
            href: `${userHref(owner.id)}/cards/${encodeURIComponent(targetId)}`,
            user: owner,
          }
        : { text: `Card ${targetId}` };
    case 'address':
      return { text: `Address ${targetId}`, ...(owner ? { user: owner } : {}) };
    case 'staff':
      return { text: `Staff ${targetId}`, ...(owner ? { user: owner } : {}) };
    case 'session':
      return { text: 'Session' };
    case 'webhook':
      return { text: `Webhook endpoint ${targetId}`, href: '/developers' };
    case 'event':
      return { text: `Event ${targetId}`, href: '/developers' };
    case 'approval':
      return {
        text: `Request ${targetId}`,
        href: `/approvals/${encodeURIComponent(targetId)}`,
        ...(owner ? { user: owner } : {}),
      };
    default:
      return { text: `${targetType ?? 'Target'} ${targetId}`, ...(owner ? { user: owner } : {}) };
  }
}
