// The back-office's fixed vocabularies: staff roles and statuses, and audit outcomes. A plain
// module, so client components and form schemas can use them without pulling the database
// schema (and drizzle) into the browser bundle.
export const STAFF_ROLES = ['admin', 'operator', 'support'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const STAFF_STATUSES = ['invited', 'active', 'disabled'] as const;
export type StaffStatus = (typeof STAFF_STATUSES)[number];

export const AUDIT_OUTCOMES = ['success', 'failure', 'denied'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];
