// What each role may do (docs/back-office.md "Roles"). Pure and shared: server actions enforce it,
// pages use it only to decide what to show (hiding a button is never the check).
import type { StaffRole } from '@/lib/backoffice/auth/staff-roles';
import type { CardAction } from '@/lib/wallet/contract/card-lifecycle';

export type { StaffRole };

const ALL: readonly StaffRole[] = ['admin', 'operator', 'support'];
const WRITERS: readonly StaffRole[] = ['admin', 'operator'];
const ADMINS: readonly StaffRole[] = ['admin'];

export const PERMISSIONS = {
  'assets.read': ALL,
  'users.read': ALL,
  'cards.read': ALL,
  'users.register': WRITERS,
  'addresses.add': WRITERS,
  /** Edit, delete or make an address the default (docs/back-office.md "Roles"). */
  'addresses.manage': WRITERS,
  'cards.issue': WRITERS,
  /** A caller reports a card lost or stolen: support may lock it too (docs/back-office.md "Roles"). */
  'cards.lock': ALL,
  /** Unlock, activate, cancel (docs/back-office.md "Roles"). */
  'cards.manage': WRITERS,
  /**
   * Ask an operator or admin to replace or unlock a locked card, with a note: support's next step
   * after a lock (docs/back-office.md "Staff requests"); closing one needs what it asks for.
   */
  'cards.request': ALL,
  /** Transfers: funding a user's wallet and topping up cards (docs/back-office.md "Roles"). */
  'money.transfer': WRITERS,
  'staff.read': ADMINS,
  'staff.manage': ADMINS,
  'audit.read': ADMINS,
  /**
   * The audit entries about one user, read-only, on that user's page: support reads what was done
   * to the users they open (docs/back-office.md "Roles"); the whole log stays the admins'.
   */
  'audit.read_user': ALL,
  /**
   * /developers: webhook endpoints, events and their deliveries, the API reference
   * (docs/back-office.md "Roles").
   */
  'developers.read': ADMINS,
  /** Add or delete webhook endpoints, redeliver events (docs/wallet-api.md "Endpoints and events"). */
  'developers.manage': ADMINS,
  /**
   * /approvals: what waits for a second person (docs/back-office.md "Approvals"); approving needs
   * the action's own permission.
   */
  'approvals.read': ALL,
  /** Approve, reject or withdraw; each request also needs the permission of its own action. */
  'approvals.decide': WRITERS,
  /**
   * /settings: the approval policy and the dashboard's low-balance threshold
   * (docs/back-office.md "Roles", "Approvals").
   */
  'settings.manage': ADMINS,
  /**
   * A card's spending controls: its limits and blocked merchant categories and countries
   * (docs/back-office.md "Roles"; reading them is cards.read).
   */
  'spending.manage': WRITERS,
  /**
   * /sandbox: simulated purchases, clearings, reversals and refunds (docs/card-spending.md "Sandbox
   * and live"), and deposits with their confirmations (docs/deposits-and-kyt.md).
   */
  'sandbox.use': WRITERS,
  /** /compliance and the user page's deposits: held deposits, KYT rules (docs/back-office.md "Compliance"). */
  'deposits.read': ALL,
  /** Ask for, and approve, the credit or rejection of a held deposit: two admins (maker ≠ checker). */
  'deposits.decide': ADMINS,
  /** Change the KYT rules (docs/deposits-and-kyt.md "KYT"). */
  'kyt.manage': ADMINS,
  /**
   * Open a dispute on a cleared purchase (docs/back-office.md "Disputes"): support too, since it
   * moves no money and a fraud dispute's lock is what a caller needs at once.
   */
  'disputes.open': ALL,
  /** Send a dispute with its evidence, or withdraw it (docs/back-office.md "Disputes"). */
  'disputes.manage': WRITERS,
} as const satisfies Record<string, readonly StaffRole[]>;

export type Permission = keyof typeof PERMISSIONS;

/**
 * The permission of each wallet action that more than its server action needs to know: the card
 * page (which card actions to offer) and the approvals (who may ask and who may approve, "who may
 * do the same action"). Keyed by the action's name (as in the audit log); each of these server
 * actions' metadata reads its permission here. Lock is support's too (a caller reports a card lost
 * or stolen), the rest are operators' (docs/back-office.md "Roles"). Spending controls and the
 * sandbox's simulations are operators' and admins'; the decision endpoint, admins'.
 */
export const ACTION_PERMISSIONS = {
  'card.issue': 'cards.issue',
  'asset.transfer': 'money.transfer',
  'card.lock': 'cards.lock',
  'card.unlock': 'cards.manage',
  'card.activate': 'cards.manage',
  'card.cancel': 'cards.manage',
  'card.controls_set': 'spending.manage',
  'sandbox.authorize': 'sandbox.use',
  'sandbox.clear': 'sandbox.use',
  'sandbox.reverse': 'sandbox.use',
  'sandbox.refund': 'sandbox.use',
  'sandbox.deposit': 'sandbox.use',
  'sandbox.confirm': 'sandbox.use',
  'decision.set': 'developers.manage',
  'deposit.release': 'deposits.decide',
  /** Replacing a lost, stolen or damaged card: it cancels one card and issues another. */
  'card.replace': 'cards.manage',
  'dispute.open': 'disputes.open',
  'dispute.submit': 'disputes.manage',
  'dispute.withdraw': 'disputes.manage',
  /** The network's answer to a submitted dispute, simulated (docs/back-office.md "Disputes"). */
  'sandbox.dispute_outcome': 'sandbox.use',
} as const satisfies Record<
  | `card.${CardAction}`
  | 'card.issue'
  | 'card.replace'
  | 'asset.transfer'
  | 'card.controls_set'
  | `sandbox.${'authorize' | 'clear' | 'reverse' | 'refund' | 'deposit' | 'confirm'}`
  | 'decision.set'
  | 'deposit.release'
  | `dispute.${'open' | 'submit' | 'withdraw'}`
  | 'sandbox.dispute_outcome',
  Permission
>;

export function can(role: StaffRole, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly StaffRole[]).includes(role);
}

export const ROLE_LABELS: Record<StaffRole, string> = {
  admin: 'Admin',
  operator: 'Operator',
  support: 'Support',
};

export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  admin: 'Everything, including staff accounts and the audit log',
  operator: 'Registers users, manages addresses, issues and manages cards, moves money',
  support:
    'Reads and looks up everything; locks a card a caller reports lost or stolen, asks an operator to replace or unlock it, and opens a dispute on a purchase the caller does not recognise',
};
