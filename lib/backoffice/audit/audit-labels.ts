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
  // A card's unlock, activation or cancellation posted from its own page (refusals only: the
  // change itself is logged under its own name)
  'card.change': 'Changed a card from its page',
  'card.replace': 'Replaced card',
  'cards.list': 'Read the card list',
  'cards.export': 'Exported cards (CSV)',
  // Card spending (docs/card-spending.md): controls, the programme's purchases, the sandbox
  'card.controls_set': 'Changed spending controls',
  'transactions.export': 'Exported purchases (CSV)',
  'sandbox.authorize': 'Simulated a purchase (sandbox)',
  'sandbox.clear': 'Simulated a clearing (sandbox)',
  'sandbox.reverse': 'Simulated a reversal (sandbox)',
  'sandbox.refund': 'Simulated a refund (sandbox)',
  'sandbox.deposit': 'Simulated a deposit (sandbox)',
  'sandbox.confirm': 'Simulated deposit confirmations (sandbox)',
  'decision.set': 'Set the decision endpoint',
  'decision.test': 'Sent a test authorization',
  // The cardholder's channel (docs/back-office.md "Sandbox", Developers)
  'card_view_origins.set': 'Set the card-view origins',
  'sandbox.cardholder': "Acted as a card's holder (sandbox)",
  'sandbox.cardholder_open': 'Opened a card as its holder (sandbox)',
  'sandbox.cardholder_freeze': 'Froze a card as its holder (sandbox)',
  'sandbox.cardholder_unfreeze': 'Unfroze a card as its holder (sandbox)',
  // Money: funding a user's wallet, topping up a card
  'asset.transfer': 'Transferred money',
  'asset.export': 'Exported asset ledger (CSV)',
  // The search box's look-ups (only ever logged when a role is refused them)
  'search.directory': 'Searched users and cards',
  'search.open': 'Opened the best search match',
  // An error page's reference reported from the browser (never audited: it is a log line)
  'page.error_report': 'Reported a page that failed',
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
  'webhook.test': 'Sent a test event',
  // Approvals (docs/back-office.md "Approvals"): the wallet call itself is logged under its own action name
  'approval.request': 'Asked for approval',
  'approval.approve': 'Approved request',
  'approval.reject': 'Rejected request',
  'approval.withdraw': 'Withdrew request',
  'approval.expire': 'Request expired',
  'approval.read': 'Opened approvals',
  // Staff requests (docs/back-office.md "Staff requests"): support asks, an operator closes
  'staff_request.file': 'Asked an operator about a card',
  'staff_request.close': 'Closed a request from support',
  'staff_request.done': 'Marked a request from support done',
  'staff_request.dismiss': 'Dismissed a request from support',
  'settings.update': 'Changed settings',
  // Deposits and KYT (/compliance, docs/back-office.md "Compliance"): a release is asked for and
  // approved as a request; once approved, the wallet call is logged as 'deposit.release'
  'deposit.release': 'Credited or rejected a held deposit',
  'kyt.rules.set': 'Changed the KYT rules',
  // Disputes (docs/back-office.md "Disputes"): support opens, an operator sends or withdraws, the
  // sandbox plays the merchant's bank
  'dispute.open': 'Opened a dispute',
  'dispute.submit': 'Sent a dispute with its evidence',
  'dispute.withdraw': 'Withdrew a dispute',
  'sandbox.dispute_outcome': "Simulated the merchant's bank's answer to a dispute (sandbox)",
  'disputes.export': 'Exported disputes (CSV)',
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
export type AuditTargetView = { text: string; href?: string; user?: { text: string; href: string } };

/**
 * The people an audit page names, by app user ID: their name and their cards' labels by card ID
 * ("Virtual Visa Classic ••1234"), read from the wallet for the page (audit-names.ts).
 */
export type AuditNames = ReadonlyMap<
  string,
  {
    name: string;
    cards: ReadonlyMap<string, string>;
    /** Their assets by asset ID ("Grace Hopper's Wallet (USD)"), when a summary names one. */
    assets?: ReadonlyMap<string, string>;
  }
>;

/**
 * What else a page's summaries may name by number or address: the agency's assets, the card
 * categories and the members of staff.
 */
export type AuditSummaryNames = {
  /** "the agency's Card margin (USD)", by asset ID. */
  agencyAssets: ReadonlyMap<string, string>;
  /** "Virtual Visa Classic", by category ID. */
  categories: ReadonlyMap<string, string>;
  /** "Ada Lovelace", by e-mail in lower case ("approved by ada@example.com"). */
  staff?: ReadonlyMap<string, string>;
};

const NO_SUMMARY_NAMES: AuditSummaryNames = { agencyAssets: new Map(), categories: new Map() };

/** "user <appUserId>", "card <cardId>", "asset <assetId>", "category <categoryId>" in a summary. */
const NAMED_BY_NUMBER = /\b(user|card|asset|category) ([A-Za-z0-9_.@:+-]+)/g;

/**
 * A member of staff's e-mail in a summary ("approved by ada@example.com"); not one written beside
 * their name already ("Invited Ada <ada@example.com>") nor an app user ID ("user ada@x.test").
 */
const STAFF_EMAIL = /(?<![<\w.+-]|user )([\w.%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,})/g;

/**
 * An entry's summary as people read it (docs/back-office.md "Audit log"): the one home where a
 * stored summary becomes the page's sentence, whatever action wrote it. Older entries were written
 * with IDs ("Replace card 49 of user review-kyc-001 (reason: Lost)"); each ID the entry's own
 * fields or the wallet tie to one thing is read as its name ("Replace Virtual Visa Classic ••1234
 * of Grace Hopper (reason: Lost)"), and a member of staff's e-mail as their name ("approved by
 * Ada Lovelace"). Exact, never a guess: a user only when it is the entry's subject or target; a
 * card or an asset only when it is that user's (or the agency's asset); a category by the
 * catalogue; an e-mail only when it is a member of staff's. Anything else stays as written. The
 * stored summary is not changed (the CSV keeps it as recorded).
 */
export function auditSummaryInWords(
  entry: AuditTargetFields & { summary: string },
  names: AuditNames = new Map(),
  more: AuditSummaryNames = NO_SUMMARY_NAMES,
): string {
  const users = [entry.subjectUser, entry.targetType === 'user' ? entry.targetId : null].filter(
    (id): id is string => id !== null && names.has(id),
  );
  const person = users.length > 0 ? names.get(users[0]!)! : undefined;
  const lookUp = (kind: string, id: string): string | undefined => {
    switch (kind) {
      case 'user':
        return users.includes(id) ? names.get(id)!.name : undefined;
      case 'card':
        return person?.cards.get(id);
      case 'asset':
        return person?.assets?.get(id) ?? more.agencyAssets.get(id);
      case 'category':
        return more.categories.get(id);
      default:
        return undefined;
    }
  };
  const staff = more.staff;
  const byId = entry.summary.replace(NAMED_BY_NUMBER, (whole, kind: string, token: string) => {
    // The ID may be followed by punctuation its alphabet allows ("user x1:", "card 12."): the
    // longest known prefix is the ID.
    for (let end = token.length; end > 0; end -= 1) {
      const id = token.slice(0, end);
      const name = lookUp(kind, id);
      if (name !== undefined) return `${name}${token.slice(end)}`;
      if (!/[.:@+-]$/.test(id)) break;
    }
    return whole;
  });
  return staff?.size
    ? byId.replace(STAFF_EMAIL, (email: string) => staff.get(email.toLowerCase()) ?? email)
    : byId;
}

const userHref = (appUserId: string) => `/users/${encodeURIComponent(appUserId)}`;

/** Outcomes as people say them: the log's column and its filter. */
export const OUTCOME_LABELS = {
  success: 'Succeeded',
  failure: 'Failed',
  denied: 'Refused: role',
} as const;

/**
 * The target in words: a person by name, a card by product and last four, each linking to its
 * page, with the person it belongs to; the ID only where the wallet could not name it.
 */
export function auditTargetView(
  entry: AuditTargetFields,
  names: AuditNames = new Map(),
): AuditTargetView | null {
  const { targetType, targetId, subjectUser } = entry;
  const person = (appUserId: string) => names.get(appUserId);
  const personText = (appUserId: string) => person(appUserId)?.name ?? `User ${appUserId}`;
  // The user it is about, when the target is something of theirs (a card, an address).
  const owner =
    subjectUser && !(targetType === 'user' && targetId === subjectUser)
      ? { text: personText(subjectUser), href: userHref(subjectUser) }
      : undefined;
  if (!targetId) return owner ? { text: owner.text, href: owner.href } : null;
  switch (targetType) {
    case 'user':
      return { text: personText(targetId), href: userHref(targetId), ...(owner ? { user: owner } : {}) };
    case 'card': {
      const label = subjectUser ? person(subjectUser)?.cards.get(targetId) : undefined;
      return owner
        ? {
            text: label ?? `Card ${targetId}`,
            href: `${owner.href}/cards/${encodeURIComponent(targetId)}`,
            user: owner,
          }
        : { text: `Card ${targetId}` };
    }
    case 'address':
      return { text: owner ? 'An address' : `Address ${targetId}`, ...(owner ? { user: owner } : {}) };
    case 'staff':
      return { text: `Staff ${targetId}`, ...(owner ? { user: owner } : {}) };
    case 'session':
      return { text: 'Session' };
    case 'webhook':
      return { text: `Webhook endpoint ${targetId}`, href: '/developers' };
    case 'event':
      return { text: `Event ${targetId}`, href: '/developers' };
    case 'deposit':
      return { text: `Deposit ${targetId}`, href: '/compliance', ...(owner ? { user: owner } : {}) };
    case 'kyt':
      return { text: 'KYT rules', href: '/compliance' };
    case 'dispute':
      return {
        text: `Dispute ${targetId}`,
        href: `/disputes/${encodeURIComponent(targetId)}`,
        ...(owner ? { user: owner } : {}),
      };
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
