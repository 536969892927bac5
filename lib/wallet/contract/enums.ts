// The wallet contract's closed lists of values (docs/wallet-api.md "Values", "Operations"), without
// zod: the back-office's client components name them in pickers and labels, and importing them from
// schemas.ts would put zod and every schema in the page's first load. schemas.ts builds its enums
// from these.

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

/** The event types of docs/wallet-api.md "Events and webhooks", in the order the docs list them. */
export const EVENT_TYPES = [
  'user.registered',
  'card.issued',
  'card.status_changed',
  'transfer.completed',
  'address.added',
  'address.updated',
  'address.deleted',
  'asset.low_balance',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** A webhook delivery: waiting (or retrying), answered 2xx, or given up after its last retry. */
export const DELIVERY_STATUSES = ['PENDING', 'DELIVERED', 'FAILED'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/**
 * When each event type happens (docs/wallet-api.md "Events and webhooks"), in words for the docs
 * and the back-office.
 */
export const EVENT_TYPE_WHEN: Readonly<Record<EventType, string>> = {
  'user.registered': 'A user was registered with KYC (4.1)',
  'card.issued': 'A card was issued, paid by the agency (4.3) or by the user (4.4)',
  'card.status_changed': 'A card was activated, locked, unlocked or cancelled',
  'transfer.completed': 'Money moved between two assets (asset/transfer)',
  'address.added': 'A delivery address was added (4.7)',
  'address.updated': 'A delivery address was changed (address/update)',
  'address.deleted': 'A delivery address was deleted (address/delete)',
  'asset.low_balance':
    'An agency asset fell below what pays for 100 cards of its dearest category (once per crossing)',
};
