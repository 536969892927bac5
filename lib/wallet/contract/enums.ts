// The wallet contract's closed lists of values (DESIGN §3, §8), without zod: the back-office's
// client components name them in pickers and labels, and importing them from schemas.ts would
// put zod and every schema in the page's first load. schemas.ts builds its enums from these.

export const GENDERS = ['FEMALE', 'MALE'] as const;
export const SUPPORT_DOCUMENT_TYPES = [
  'ADDRESS_PROOF',
  'BANK_STATEMENT',
  'EMPLOYMENT_CONTRACT',
  'IMMIGRATION_ENDORSEMENT',
  'PROOF_OF_VISIT',
  'SALARY_PAYSLIP',
  'TENANCY_AGREEMENT',
  'TRAVEL_PERMIT',
  'WORK_VISA',
] as const;
export const CARD_STATUSES = ['PENDING', 'ACTIVE', 'LOCKED', 'CANCELLED'] as const;
export const CARD_ACCOUNT_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export const CARD_TYPES = ['VIRTUAL', 'PHYSICAL'] as const;
export const WALLET_ACCOUNT_TYPES = ['CORPORATE', 'STANDARD'] as const;

export const CARD_CHANGE_REASONS = [
  'LOST',
  'STOLEN',
  'DAMAGED',
  'FRAUD_SUSPECTED',
  'USER_REQUEST',
  'OTHER',
] as const;
export type CardChangeReason = (typeof CARD_CHANGE_REASONS)[number];

export const LEDGER_TYPES = [
  'PROVISION',
  'CREDIT',
  'CARD_FEE',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'CARD_REFUND',
] as const;
