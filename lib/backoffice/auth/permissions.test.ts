// The role matrix of docs/back-office.md "Roles", written out in full: admin does everything (and alone
// manages staff and reads the audit log), operator registers users, manages addresses, issues and
// manages cards and moves money, support reads and looks up, only locks a card and asks an operator
// about it. A permission added to PERMISSIONS without a
// row here fails the test, so the matrix cannot grow unreviewed.
import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLE_DESCRIPTIONS, ROLE_LABELS, type Permission } from './permissions';
import { STAFF_ROLES, type StaffRole } from '@/lib/backoffice/auth/staff-roles';

const EXPECTED: Record<Permission, Record<StaffRole, boolean>> = {
  'assets.read': { admin: true, operator: true, support: true },
  'users.read': { admin: true, operator: true, support: true },
  'cards.read': { admin: true, operator: true, support: true },
  'users.register': { admin: true, operator: true, support: false },
  'addresses.add': { admin: true, operator: true, support: false },
  'addresses.manage': { admin: true, operator: true, support: false },
  'cards.issue': { admin: true, operator: true, support: false },
  'cards.lock': { admin: true, operator: true, support: true },
  'cards.manage': { admin: true, operator: true, support: false },
  'cards.request': { admin: true, operator: true, support: true },
  'money.transfer': { admin: true, operator: true, support: false },
  'staff.read': { admin: true, operator: false, support: false },
  'staff.manage': { admin: true, operator: false, support: false },
  'audit.read': { admin: true, operator: false, support: false },
  'audit.read_user': { admin: true, operator: true, support: true },
  'developers.read': { admin: true, operator: false, support: false },
  'developers.manage': { admin: true, operator: false, support: false },
  'approvals.read': { admin: true, operator: true, support: true },
  'approvals.decide': { admin: true, operator: true, support: false },
  'settings.manage': { admin: true, operator: false, support: false },
  'spending.manage': { admin: true, operator: true, support: false },
  'sandbox.use': { admin: true, operator: true, support: false },
  'deposits.read': { admin: true, operator: true, support: true },
  'deposits.decide': { admin: true, operator: false, support: false },
  'kyt.manage': { admin: true, operator: false, support: false },
  'disputes.open': { admin: true, operator: true, support: true },
  'disputes.manage': { admin: true, operator: true, support: false },
};

const READS = [
  'assets.read',
  'users.read',
  'cards.read',
  'approvals.read',
  'deposits.read',
  'audit.read_user',
] as const;

describe('the role matrix of docs/back-office.md "Roles"', () => {
  it('lists exactly the permissions of the matrix', () => {
    expect(Object.keys(PERMISSIONS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const permission of Object.keys(EXPECTED) as Permission[]) {
    for (const role of STAFF_ROLES) {
      const allowed = EXPECTED[permission][role];
      it(`${role} ${allowed ? 'may' : 'may not'} ${permission}`, () => {
        expect(can(role, permission)).toBe(allowed);
      });
    }
  }

  it('admin may do everything', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[])
      expect(can('admin', permission)).toBe(true);
  });

  it('support may only read, lock a card, ask an operator about it and open a dispute', () => {
    const allowed = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can('support', p));
    expect(allowed.sort()).toEqual([...READS, 'cards.lock', 'cards.request', 'disputes.open'].sort());
  });

  it('operator may do everything but staff and audit', () => {
    const allowed = (Object.keys(PERMISSIONS) as Permission[]).filter((p) => can('operator', p));
    expect(allowed.sort()).toEqual(
      [
        ...READS,
        'users.register',
        'addresses.add',
        'addresses.manage',
        'cards.issue',
        'cards.lock',
        'cards.manage',
        'cards.request',
        'money.transfer',
        'approvals.decide',
        'spending.manage',
        'sandbox.use',
        'disputes.open',
        'disputes.manage',
      ].sort(),
    );
  });

  it('refuses a role that is not one of the three', () => {
    for (const permission of Object.keys(PERMISSIONS) as Permission[]) {
      expect(can('superuser' as StaffRole, permission)).toBe(false);
      expect(can('' as StaffRole, permission)).toBe(false);
    }
  });

  it('labels and describes every role', () => {
    expect(Object.keys(ROLE_LABELS).sort()).toEqual([...STAFF_ROLES].sort());
    expect(Object.keys(ROLE_DESCRIPTIONS).sort()).toEqual([...STAFF_ROLES].sort());
    expect(ROLE_DESCRIPTIONS.support).toBe(
      'Reads and looks up everything; locks a card a caller reports lost or stolen, asks an operator to replace or unlock it, and opens a dispute on a purchase the caller does not recognise',
    );
  });
});
