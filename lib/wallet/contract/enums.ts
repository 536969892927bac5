// The wallet contract's closed lists of values (docs/wallet-api.md "Values", "Operations"), without
// zod: the back-office's client components name them in pickers and labels, and importing them from
// schemas.ts would put zod and every schema in the page's first load. schemas.ts builds its enums
// from these.

// A person's own values (4.1's KYC), in a module of their own: the registration form's first load
// carries them without every list below.
export { GENDERS, SUPPORT_DOCUMENT_TYPES } from './kyc-values';
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
/**
 * The reasons the service itself gives a card's status (docs/wallet-api.md "The cardholder's
 * channel"): the cardholder froze it (me/card/freeze), or three wrong CVVs within 24 hours locked
 * it. An agency cannot give them (card/lock's reason is one of CARD_CHANGE_REASONS), but a card's
 * history and its card.status_changed events carry them.
 */
export const SERVICE_CARD_CHANGE_REASONS = ['CARDHOLDER_FROZEN', 'CVV_ATTEMPTS'] as const;
/** Every reason a card's status may carry: the agency's and the service's. */
export const CARD_STATUS_REASONS = [...CARD_CHANGE_REASONS, ...SERVICE_CARD_CHANGE_REASONS] as const;
export type CardStatusReason = (typeof CARD_STATUS_REASONS)[number];

export const LEDGER_TYPES = [
  'PROVISION',
  'CREDIT',
  'CARD_FEE',
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'CARD_REFUND',
  'CARD_SPEND',
  'MERCHANT_REFUND',
  'DEPOSIT',
  'DISPUTE_CREDIT',
] as const;

/** An authorization's status (docs/card-spending.md "Authorization"). */
export const AUTHORIZATION_STATUSES = ['PENDING', 'CLEARED', 'REVERSED', 'EXPIRED', 'DECLINED'] as const;
export type AuthorizationStatus = (typeof AUTHORIZATION_STATUSES)[number];

/** Why an authorization was declined, in the decision's order (docs/card-spending.md "Decision order"). */
export const DECLINE_REASONS = [
  'CARD_NOT_ACTIVE',
  'CARD_EXPIRED',
  'CVV_MISMATCH',
  'EXPIRY_MISMATCH',
  'CURRENCY_NOT_SUPPORTED',
  'MCC_BLOCKED',
  'COUNTRY_BLOCKED',
  'LIMIT_PER_TRANSACTION',
  'LIMIT_DAILY',
  'LIMIT_MONTHLY',
  'LIMIT_ALL_TIME',
  'INSUFFICIENT_FUNDS',
  'AGENCY_DECLINED',
  'AGENCY_TIMEOUT',
  'AGENCY_UNAVAILABLE',
] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/**
 * Each decline reason in words a support agent can read to a caller (docs/wallet-api.md
 * "Decline reasons"); the back-office shows these.
 */
export const DECLINE_REASON_WORDS: Readonly<Record<DeclineReason, string>> = {
  CARD_NOT_ACTIVE: 'The card is not active: it is not activated yet, locked, or cancelled.',
  CARD_EXPIRED: 'The card has passed its expiry date.',
  CVV_MISMATCH:
    "The CVV given with the purchase is not the card's; three wrong CVVs within 24 hours lock the card.",
  EXPIRY_MISMATCH: "The expiry date given with the purchase is not the card's.",
  CURRENCY_NOT_SUPPORTED: "The purchase was in another currency than the card's.",
  MCC_BLOCKED: 'Purchases of this kind of merchant are blocked on this card.',
  COUNTRY_BLOCKED: 'Purchases from merchants in this country are blocked on this card.',
  LIMIT_PER_TRANSACTION: "The amount is over the card's limit for a single purchase.",
  LIMIT_DAILY: "The purchase would go over the card's spending limit for today (UTC).",
  LIMIT_MONTHLY: "The purchase would go over the card's spending limit for this calendar month (UTC).",
  LIMIT_ALL_TIME: "The purchase would go over the card's total spending limit.",
  INSUFFICIENT_FUNDS: 'The card does not have enough available money for this purchase.',
  AGENCY_DECLINED: "The card programme's own checks declined the purchase.",
  AGENCY_TIMEOUT: "The card programme's own checks did not answer in time, so the purchase was declined.",
  AGENCY_UNAVAILABLE:
    "The card programme's own checks could not be reached or gave no usable answer, so the purchase was declined.",
};

/** Who decided an authorization: the service's rules, the agency's endpoint, or its fallback. */
export const DECIDED_BY = ['RULES', 'AGENCY', 'FALLBACK'] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];

/** The intervals of a card's spending limits (docs/card-spending.md "Spending controls"). */
export const LIMIT_INTERVALS = ['PER_TRANSACTION', 'DAILY', 'MONTHLY', 'ALL_TIME'] as const;
export type LimitInterval = (typeof LIMIT_INTERVALS)[number];

/** What decides when the agency's decision endpoint is unavailable (no answer in time, or no usable one). */
export const DECISION_FALLBACKS = ['APPROVE', 'DECLINE'] as const;

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
  'authorization.approved',
  'authorization.declined',
  'authorization.reversed',
  'authorization.expired',
  'transaction.cleared',
  'transaction.refunded',
  'deposit.detected',
  'deposit.held',
  'deposit.credited',
  'deposit.rejected',
  'kyt.rules_changed',
  'ping',
  'dispute.created',
  'dispute.submitted',
  'dispute.won',
  'dispute.lost',
  'dispute.withdrawn',
  'dispute.expired',
  'card.details_viewed',
  'user.wallet_token_rotated',
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
  'authorization.approved': 'A card purchase was approved and its amount held (simulate/authorize)',
  'authorization.declined': 'A card purchase was declined, with its declineReason (simulate/authorize)',
  'authorization.reversed': 'All or part of a hold was released by the merchant, or by cancelling the card',
  'authorization.expired':
    'A hold still PENDING at the end of the expiry window (7 days unless the operator set another) was released',
  'transaction.cleared': 'The merchant cleared an authorization: the money left the card (simulate/clear)',
  'transaction.refunded': 'The merchant refunded all or part of a cleared purchase (simulate/refund)',
  'deposit.detected': 'A deposit to a deposit address was seen on its chain (simulate/deposit)',
  'deposit.held': 'A deposit screened HIGH or SEVERE was held for a person to decide',
  'deposit.credited': "A deposit was credited to the user's USD wallet asset",
  'deposit.rejected': 'A held deposit was rejected (deposit/release)',
  'kyt.rules_changed': "The app's KYT rules were changed (kyt/rules/set), with the rules before and after",
  ping: 'A test event asked for with webhook/test (to that one endpoint only)',
  'dispute.created': 'A cleared purchase was disputed (dispute/create)',
  'dispute.submitted': "A dispute's evidence was sent to the network (dispute/submit)",
  'dispute.won': 'The network decided a dispute for the cardholder: its amount was credited to the card',
  'dispute.lost': 'The network decided a dispute for the merchant: no money moved',
  'dispute.withdrawn': 'An open dispute was withdrawn (dispute/withdraw)',
  'dispute.expired': 'An open dispute passed its dueBy without being submitted',
  'card.details_viewed':
    "A card's details page was opened by its holder (card/detailsLink, me/card/detailsLink)",
  'user.wallet_token_rotated':
    "A user's walletToken was replaced; the old one is refused (user/walletToken/rotate)",
};

// ---------------------------------------------------------------- deposits and KYT
// (docs/deposits-and-kyt.md)

/** The chains deposits arrive on (docs/deposits-and-kyt.md "Chains"). */
export const DEPOSIT_CHAINS = ['ETHEREUM', 'TRON'] as const;
export type DepositChain = (typeof DEPOSIT_CHAINS)[number];

/** A deposit's status (docs/deposits-and-kyt.md "Deposits"). */
export const DEPOSIT_STATUSES = ['CONFIRMING', 'HELD', 'CREDITED', 'REJECTED'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

/** What a person decides about a held deposit (deposit/release). */
export const DEPOSIT_DECISIONS = ['CREDIT', 'REJECT'] as const;
export type DepositDecision = (typeof DEPOSIT_DECISIONS)[number];

/** KYT risk levels, lowest first (docs/deposits-and-kyt.md "KYT"). */
export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH', 'SEVERE'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * The built-in screener's reasons, each with its level, in the order of docs/deposits-and-kyt.md
 * "KYT" (a verdict lists its reasons in this order).
 */
export const RISK_REASONS = [
  'BLOCKED_ADDRESS',
  'REVIEW_ADDRESS',
  'AMOUNT_OVER_SEVERE',
  'AMOUNT_OVER_REVIEW',
  'FIRST_DEPOSIT_LARGE',
  'VELOCITY',
  'VELOCITY_SEVERE',
] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

export const RISK_REASON_LEVEL: Readonly<Record<RiskReason, RiskLevel>> = {
  BLOCKED_ADDRESS: 'SEVERE',
  REVIEW_ADDRESS: 'HIGH',
  AMOUNT_OVER_SEVERE: 'HIGH',
  AMOUNT_OVER_REVIEW: 'MEDIUM',
  FIRST_DEPOSIT_LARGE: 'MEDIUM',
  VELOCITY: 'MEDIUM',
  VELOCITY_SEVERE: 'HIGH',
};

/** Each reason in words, for the docs and the back-office's compliance queue. */
export const RISK_REASON_WORDS: Readonly<Record<RiskReason, string>> = {
  BLOCKED_ADDRESS: 'The sender is on the blocked addresses list',
  REVIEW_ADDRESS: 'The sender is on the addresses to review',
  AMOUNT_OVER_SEVERE: 'The amount is at or over the severe amount',
  AMOUNT_OVER_REVIEW: 'The amount is at or over the review amount',
  FIRST_DEPOSIT_LARGE: "The user's first deposit is at or over a tenth of the review amount",
  VELOCITY: "The user's deposits in 24 hours, this one included, reach the review amount",
  VELOCITY_SEVERE: "The user's deposits in 24 hours, this one included, reach the severe amount",
};

// ---------------------------------------------------------------- disputes
// (docs/disputes.md)

/** Why a cardholder disputes a purchase (docs/disputes.md "Reasons"). */
export const DISPUTE_REASONS = [
  'FRAUDULENT',
  'NOT_RECEIVED',
  'DUPLICATE',
  'INCORRECT_AMOUNT',
  'CANCELLED_SERVICE',
  'OTHER',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** Each reason in words a support agent can read to a caller (the back-office shows these). */
export const DISPUTE_REASON_WORDS: Readonly<Record<DisputeReason, string>> = {
  FRAUDULENT:
    'The cardholder did not make this purchase: someone else used the card (the card is locked at once).',
  NOT_RECEIVED: 'The cardholder paid but never received the goods or the service.',
  DUPLICATE: 'The same purchase was charged more than once.',
  INCORRECT_AMOUNT: 'The cardholder was charged another amount than the one agreed.',
  CANCELLED_SERVICE: 'The cardholder cancelled the order or subscription and was charged anyway.',
  OTHER: 'Another problem with the purchase, told in the explanation.',
};

/** A dispute's status (docs/disputes.md "Statuses"). */
export const DISPUTE_STATUSES = ['OPEN', 'SUBMITTED', 'WON', 'LOST', 'WITHDRAWN', 'EXPIRED'] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** The network's answer to a submitted dispute (simulate/disputeOutcome). */
export const DISPUTE_OUTCOMES = ['WON', 'LOST'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];
