// The back-office's navigation (docs/back-office.md "Routes", "Roles"), each entry with the
// permission it needs, so the menu shows a member of staff only what their role can use. One's own
// account needs none.
import type { Permission } from '@/lib/backoffice/auth/permissions';

export type NavItem = {
  href: string;
  label: string;
  /** What the role needs to see it; null for every signed-in member of staff. */
  permission: Permission | null;
  icon: NavIcon;
  exact?: boolean;
};
export type NavIcon =
  | 'dashboard'
  | 'search'
  | 'users'
  | 'user-plus'
  | 'cards'
  | 'card-plus'
  | 'staff'
  | 'audit'
  | 'developers'
  | 'approvals'
  | 'transactions'
  | 'sandbox'
  | 'compliance'
  | 'settings'
  | 'account'
  | 'disputes';

export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/', label: 'Dashboard', permission: 'assets.read', icon: 'dashboard', exact: true },
  { href: '/search', label: 'Search', permission: 'users.read', icon: 'search' },
  { href: '/users', label: 'Users', permission: 'users.read', icon: 'users', exact: true },
  { href: '/users/new', label: 'Register user', permission: 'users.register', icon: 'user-plus' },
  { href: '/cards', label: 'Cards', permission: 'cards.read', icon: 'cards', exact: true },
  { href: '/cards/issue', label: 'Issue card', permission: 'cards.issue', icon: 'card-plus' },
  { href: '/transactions', label: 'Transactions', permission: 'cards.read', icon: 'transactions' },
  /** With the count of disputes due within 7 days (docs/back-office.md "Disputes"). */
  { href: '/disputes', label: 'Disputes', permission: 'cards.read', icon: 'disputes' },
  /** Only while simulation is on (AppShell; docs/card-spending.md "Sandbox and live"). */
  { href: '/sandbox', label: 'Sandbox', permission: 'sandbox.use', icon: 'sandbox' },
  { href: '/approvals', label: 'Approvals', permission: 'approvals.read', icon: 'approvals' },
  { href: '/compliance', label: 'Compliance', permission: 'deposits.read', icon: 'compliance' },
  { href: '/staff', label: 'Staff', permission: 'staff.read', icon: 'staff' },
  { href: '/audit', label: 'Audit log', permission: 'audit.read', icon: 'audit' },
  { href: '/developers', label: 'Developers', permission: 'developers.read', icon: 'developers' },
  { href: '/settings', label: 'Settings', permission: 'settings.manage', icon: 'settings' },
  { href: '/account', label: 'Your account', permission: null, icon: 'account' },
];
