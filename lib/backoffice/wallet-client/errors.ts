// The back-office's errors for wallet calls: one class per way a call can fail, each carrying the
// wallet result code (docs/wallet-api.md "Result codes") and a sentence agency staff can act on.
// Pages and server actions branch on the class (or on `code` and `field`) and show `staffMessage`;
// they never read `msg`. An error is recognised by one brand, in every bundle: isWalletClientError,
// which `instanceof` uses too.
import 'server-only';
import { walletOperations } from '@/lib/wallet/contract/operations';
import { isRuleWording } from '@/lib/wallet/contract/param-issues';
import {
  isResultCode,
  ResultCode,
  resultCodeMeaningOf,
  type ResultCodeValue,
} from '@/lib/wallet/contract/result-codes';

/** The wallet API's answer (spec §7.2). */
export type WalletEnvelope = { code: number; msg: string; data?: unknown };

export type WalletClientErrorOptions = {
  operation: string;
  code: number | null;
  staffMessage: string;
  serviceMessage?: string;
  field?: string;
  /** Developer-facing detail for `message`: must never carry a parameter value. */
  detail: string;
};

/** What a serialized error carries: nothing that could hold a parameter value or a secret. */
export type WalletClientErrorJson = {
  name: string;
  operation: string;
  code: number | null;
  staffMessage: string;
  field?: string;
  message: string;
};

/**
 * The brand: where each error records the kinds it is (its class and every class above it). The
 * same symbol in every copy of this module (Symbol.for), so the brand survives bundling.
 */
const KINDS = Symbol.for('card-wallet.wallet-client-error.kinds');

/**
 * The one way to recognise a wallet client error, of any kind or of `kind` (a class's `kind`, e.g.
 * 'WalletNotFoundError'). Pages and route handlers are bundled separately, each with its own copy
 * of these classes, while the client is one per process (getWalletClient keeps it on globalThis):
 * an error made by one copy must be recognised by the other. The brand is set by the constructor
 * alone, so an error that merely calls itself "Wallet…Error" is not one.
 */
export function isWalletClientError(value: unknown, kind = 'WalletClientError'): value is WalletClientError {
  if (typeof value !== 'object' || value === null) return false;
  const kinds = (value as { [KINDS]?: unknown })[KINDS];
  return Array.isArray(kinds) && kinds.includes(kind);
}

/** The wallet client error in `value`, if it is one (isWalletClientError), else null. */
export function asWalletClientError(value: unknown): WalletClientError | null {
  return isWalletClientError(value) ? value : null;
}

export class WalletClientError extends Error {
  /** The name this class is recognised by across bundles (isWalletClientError). */
  static readonly kind: string = 'WalletClientError';

  /** `instanceof` is the brand check, so it holds across copies of this module too. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isWalletClientError(value, this.kind);
  }

  override name = 'WalletClientError';
  /** The operation of the catalogue that failed, e.g. `userApplyCard`. */
  readonly operation: string;
  /** The wallet result code; null when there was no envelope (not sent, unreachable, garbled). */
  readonly code: number | null;
  /** Plain English for agency staff: what happened and what to do. */
  readonly staffMessage: string;
  /** The parameter at fault, when the service (or the client's own check) named one. */
  readonly field?: string;
  /**
   * The envelope's `msg`. Not enumerable, and kept out of `message` and `toJSON`: the service
   * quotes values in it ("User u-123 is not registered"), and errors end up in logs.
   */
  declare readonly serviceMessage?: string;

  constructor(options: WalletClientErrorOptions) {
    super(options.detail);
    const kinds: string[] = [];
    for (
      let c = new.target as { kind?: string } | null;
      c && typeof c.kind === 'string';
      c = Object.getPrototypeOf(c)
    ) {
      kinds.push(c.kind);
    }
    Object.defineProperty(this, KINDS, { value: kinds, enumerable: false });
    this.operation = options.operation;
    this.code = options.code;
    this.staffMessage = options.staffMessage;
    if (options.field !== undefined) this.field = options.field;
    Object.defineProperty(this, 'serviceMessage', {
      value: options.serviceMessage,
      enumerable: false,
      writable: false,
      configurable: false,
    });
  }

  toJSON(): WalletClientErrorJson {
    return {
      name: this.name,
      operation: this.operation,
      code: this.code,
      staffMessage: this.staffMessage,
      ...(this.field !== undefined ? { field: this.field } : {}),
      message: this.message,
    };
  }
}

/** 1001, 1002, 1003, and input the client refused before sending anything (code null). */
export class WalletInputError extends WalletClientError {
  static override readonly kind: string = 'WalletInputError';
  override name = 'WalletInputError';
}
/** 2001-2004: the back-office's credentials, clock or nonce were refused. */
export class WalletAuthError extends WalletClientError {
  static override readonly kind: string = 'WalletAuthError';
  override name = 'WalletAuthError';
}
/** 3001, 4003, 4004, 4005: something the request refers to does not exist (for this payer). */
export class WalletNotFoundError extends WalletClientError {
  static override readonly kind: string = 'WalletNotFoundError';
  override name = 'WalletNotFoundError';
}
/** 3002, 4006, 4007: the request clashes with what the wallet already holds. */
export class WalletConflictError extends WalletClientError {
  static override readonly kind: string = 'WalletConflictError';
  override name = 'WalletConflictError';
}
/** 4001 */
export class WalletInsufficientFundsError extends WalletClientError {
  static override readonly kind: string = 'WalletInsufficientFundsError';
  override name = 'WalletInsufficientFundsError';
}
/** 4002 */
export class WalletRuleError extends WalletClientError {
  static override readonly kind: string = 'WalletRuleError';
  override name = 'WalletRuleError';
}
/** 5000, 5001 (HTTP 503: the database is away), and any code this client does not know. */
export class WalletServiceError extends WalletClientError {
  static override readonly kind: string = 'WalletServiceError';
  override name = 'WalletServiceError';
}
/**
 * 6001 (HTTP 429): the back-office's calls are over the service's limit for its key; nothing was
 * done. Also, with no code, a call the back-office did not send because the member of staff's
 * share of that budget is used up (staffPaceError).
 */
export class WalletRateLimitedError extends WalletClientError {
  static override readonly kind: string = 'WalletRateLimitedError';
  override name = 'WalletRateLimitedError';
}

/** The "slow down" sentence of a call over the member of staff's share (staff-pace.ts). */
export const STAFF_PACE_MESSAGE =
  'You are opening pages or sending actions faster than the back-office serves one person. Nothing was changed; wait a few seconds, then try again.';

/**
 * A call not sent: the member of staff's share of the back-office's wallet budget is used up
 * (docs/security.md "Rate limit"). No code: the service was not asked.
 */
export function staffPaceError(operation: string): WalletRateLimitedError {
  return new WalletRateLimitedError({
    operation,
    code: null,
    staffMessage: STAFF_PACE_MESSAGE,
    detail: `wallet ${operation}: not sent, over this member of staff's share of the back-office's budget`,
  });
}

export type UnavailableReason = 'timeout' | 'network' | 'http-status' | 'body';

/**
 * No usable answer: network failure, timeout, an unexpected HTTP status, or a body that is not an
 * envelope. For a mutation the outcome is unknown: the service may have acted.
 */
export class WalletUnavailableError extends WalletClientError {
  static override readonly kind: string = 'WalletUnavailableError';
  override name = 'WalletUnavailableError';
  readonly reason: UnavailableReason;
  readonly httpStatus?: number;
  constructor(options: WalletClientErrorOptions & { reason: UnavailableReason; httpStatus?: number }) {
    super(options);
    this.reason = options.reason;
    if (options.httpStatus !== undefined) this.httpStatus = options.httpStatus;
  }
  override toJSON(): WalletClientErrorJson & { reason: UnavailableReason; httpStatus?: number } {
    return {
      ...super.toJSON(),
      reason: this.reason,
      ...(this.httpStatus !== undefined ? { httpStatus: this.httpStatus } : {}),
    };
  }
}

/** An envelope of the wrong shape, or success whose `data` breaks the operation's contract. */
export class WalletProtocolError extends WalletClientError {
  static override readonly kind: string = 'WalletProtocolError';
  override name = 'WalletProtocolError';
}

// ------------------------------------------------------------------ staff wording

/**
 * Names staff recognise from the forms, for every parameter of the catalogue (errors.test.ts
 * checks that none is missing, so a new parameter cannot silently show its camelCase name).
 */
export const PARAMETER_LABELS: Record<string, string> = {
  agencyCode: 'agency code',
  appId: 'app ID',
  timestamp: 'request timestamp',
  nonce: 'request nonce',
  sign: 'request signature',
  appUserId: 'app user ID',
  email: 'e-mail address',
  firstName: 'first name',
  lastName: 'last name',
  birthday: 'date of birth',
  mobile: 'mobile number',
  region: 'region',
  documentType: 'document type',
  documentNo: 'document number',
  photos: 'document photos',
  documentExpiryDate: 'document expiry date',
  gender: 'gender',
  annualIncome: 'annual income',
  occupation: 'occupation',
  position: 'position',
  detailedAddress: 'detailed address',
  cardUUID: 'card UUID',
  supportDocumentType: 'supporting document type',
  supportDocumentUrl: 'supporting document URL',
  requestId: 'request ID',
  pageNum: 'page number',
  pageSize: 'page size',
  last4: 'last four digits',
  issuedFrom: 'issued from',
  issuedTo: 'issued until',
  sort: 'order',
  cursor: 'position in the list',
  type: 'entry type',
  paymentAssetId: 'paying asset',
  categoryId: 'card type',
  embossedName: 'name on the card',
  needDelivery: 'delivery choice',
  addressId: 'delivery address',
  cardNumber: 'card number',
  cardImageUrl: 'card image URL',
  country: 'country',
  city: 'city',
  street: 'street',
  province: 'province or state',
  postalCode: 'postal code',
  isDefault: 'default address choice',
  withCards: 'card holders only choice',
  cardId: 'card',
  reason: 'reason',
  fromAssetId: 'asset the money comes from',
  toAssetId: 'asset the money goes to',
  amount: 'amount',
  assetId: 'asset',
  days: 'number of days',
  q: 'search text',
  url: 'endpoint URL',
  events: 'event types',
  description: 'description',
  endpointId: 'webhook endpoint',
  eventId: 'event',
  merchantName: 'merchant name',
  mcc: 'merchant category code',
  merchantCountry: 'merchant country',
  currency: 'currency',
  authorizationId: 'authorization',
  transactionId: 'transaction',
  status: 'status',
  declineReason: 'decline reason',
  from: 'first day',
  to: 'last day',
  perTransaction: 'limit per purchase',
  daily: 'daily limit',
  monthly: 'monthly limit',
  allTime: 'total limit',
  blockedMcc: 'blocked merchant categories',
  blockedCountries: 'blocked countries',
  fallback: 'fallback decision',
  timeoutMs: 'decision deadline',
  rotateSecret: 'new signing secret',
  chain: 'chain',
  address: 'deposit address',
  txHash: 'transaction hash',
  fromAddress: 'sender address',
  logIndex: 'log index',
  confirmations: 'confirmations',
  depositId: 'deposit',
  decision: 'decision',
  note: 'note',
  blockedAddresses: 'blocked addresses',
  reviewAddresses: 'addresses to review',
  reviewAmount: 'review amount',
  severeAmount: 'severe amount',
  apiRelease: 'who may release a held deposit',
  approval: "the back-office's approval of the release",
  explanation: 'explanation',
  disputeId: 'dispute',
  evidence: 'evidence',
  outcome: 'outcome',
  cvv: 'CVV',
  expiry: 'expiry date (MMYY)',
  origins: 'card-view origins',
  dueWithinDays: 'days until due',
};

/**
 * The five parameters of docs/wallet-api.md "Signature": staff cannot fix them, only an
 * administrator or a developer.
 */
const AUTH_PARAMETERS: ReadonlySet<string> = new Set(['agencyCode', 'appId', 'timestamp', 'nonce', 'sign']);

const label = (field: string) => PARAMETER_LABELS[field] ?? field;

const AUTH_FIRST = 'The back-office could not authenticate with the wallet service.';

/**
 * The codes whose staff sentence already says that nothing was changed (5000, 6001, 1003), so
 * that a caller adding it does not say it twice.
 */
export const SAYS_NOTHING_CHANGED: ReadonlySet<number> = new Set([
  ResultCode.INTERNAL,
  ResultCode.RATE_LIMITED,
  ResultCode.PARAM_DUPLICATED,
]);
const CHECK_CREDENTIALS = `${AUTH_FIRST} Ask an administrator to check the wallet app credentials.`;

/**
 * The staff sentence for each code of docs/wallet-api.md "Result codes" but the input codes, which
 * depend on the field.
 */
const STAFF_MESSAGES: Record<Exclude<ResultCodeValue, 0 | 1001 | 1002 | 1003>, string> = {
  1004: 'The back-office called a wallet operation with a method the service does not serve. Report this to an administrator: the back-office and the wallet service are out of step.',
  1005: 'The back-office called a wallet operation the service does not offer. Report this to an administrator: the back-office and the wallet service are out of step.',
  2001: CHECK_CREDENTIALS,
  2002: `${AUTH_FIRST} The back-office server's clock differs from the wallet service's by more than five minutes; ask an administrator to check the server clock.`,
  2003: `${AUTH_FIRST} The request looked like a repeat of an earlier one. Try again; if it keeps happening, ask an administrator.`,
  2004: CHECK_CREDENTIALS,
  2005: "The cardholder's walletToken was refused: it is missing, unknown, or was replaced by a newer one. Ask the cardholder to sign in to the app again.",
  3001: 'No user with this app user ID is registered with the wallet. Check the app user ID, or register the user first.',
  3002: 'A user with this app user ID or e-mail is already registered.',
  4001: "The paying asset's balance is lower than the card fee. Top up the asset or choose another one to pay with.",
  4002: "A card that is delivered needs a delivery address. Choose one of the user's addresses, or add one first.",
  4003: "The delivery address was not found among this user's addresses. Choose one of the user's own addresses, or add a new one.",
  4004: 'The chosen card type is not offered by the wallet service. Reload the page and choose another card type.',
  4005: "The chosen paying asset cannot pay for this card: it does not exist, or it is not the payer's (a card the agency applies for is paid from an agency asset, a card the user applies for from the user's own wallet). Choose another asset.",
  4006: 'The card number is not valid, or it already belongs to another card. Check the number, or leave it empty to issue a new one.',
  4007: 'This request was already submitted with different details. Start again from the form so that it is sent as a new request.',
  4008: "The card was not found among this user's cards. Reload the page: it may belong to someone else, or the link is wrong.",
  4009: "The card's status does not allow this change (for example, unlocking a card that is not locked, or anything on a cancelled card). Reload the page to see its status now.",
  4010: "Money cannot move between these two assets: only from the agency to a user's wallet, or from a wallet or the agency to an active card, in one currency. Choose other assets.",
  4011: 'The asset was not found. Reload the page and choose it again.',
  4012: 'The webhook endpoint was not found: it may have been deleted. Reload the page.',
  4013: 'The event was not found: events are kept 30 days. Reload the page.',
  4014: 'The authorization or transaction was not found. Reload the page.',
  4015: 'The amount is not allowed: more than 120 % of the authorization, more than the card can pay, more than is held or left to refund, or the authorization is no longer pending. Reload the page to see it now.',
  4016: 'The deposit was not found, or it is no longer held (someone may have decided it already). Reload the page to see its status now.',
  4017: 'The dispute was not found. Reload the page.',
  4018: 'This purchase cannot be disputed: it is not cleared, it was cleared more than 120 days ago, or the amount is more than what is left to dispute (the purchase less refunds and other open disputes). Reload the page to see it now.',
  4019: "The dispute's status does not allow this (only an open dispute can be submitted or withdrawn, and only a submitted one settled). Reload the page to see its status now.",
  5000: 'The wallet service had an unexpected problem. Nothing was changed; try again in a moment.',
  5001: 'The wallet service cannot reach its database right now. Try again in a few seconds; if you were changing something, reload the page first to see whether it was done.',
  6001: "The back-office's staff together are sending the wallet service more requests than the back-office's budget allows right now. Nothing was changed; try again in a few seconds.",
};

/** For 1001: the parameter is absent. */
export function missingStaffMessage(field: string | undefined): string {
  if (field === undefined) {
    return 'The wallet service says a required detail is missing. Check the form and try again; if it keeps happening, report it to an administrator.';
  }
  if (AUTH_PARAMETERS.has(field)) {
    return `The back-office left out the ${label(field)}, so the wallet service refused the request. Report this to an administrator.`;
  }
  return `The ${label(field)} is required. Fill it in and try again.`;
}

/**
 * For 1002 and the client's own check. `rule` is quoted only when it is worded as the contract
 * words a rule (isRuleWording: read after the parameter's name); anything else is not, because a
 * different service implementation might echo the value there.
 */
export function invalidStaffMessage(field: string | undefined, rule: string | undefined): string {
  if (field === undefined) {
    return 'The wallet service refused one of the details as not valid. Check the form and try again; if it keeps happening, report it to an administrator.';
  }
  if (AUTH_PARAMETERS.has(field)) {
    return `The wallet service refused the back-office's ${label(field)} as not valid. Report this to an administrator.`;
  }
  const quotable = rule !== undefined && isRuleWording(rule) && rule.length <= 200;
  return quotable
    ? `The ${label(field)} is not valid: it ${rule}. Correct it and try again.`
    : `The ${label(field)} is not valid. Correct it and try again.`;
}

function duplicatedStaffMessage(field: string | undefined): string {
  const what = field === undefined ? 'a detail' : `the ${label(field)}`;
  return `The back-office sent ${what} twice, which the wallet service refuses. Nothing was changed; report this to an administrator.`;
}

function unknownCodeStaffMessage(code: number): string {
  return `The wallet service refused the request with an error the back-office does not know (code ${code}). Try again in a moment; if it keeps happening, report it to an administrator.`;
}

const OUTCOME_UNKNOWN =
  'It may or may not have been carried out: check before trying again, or repeat it with the same request ID.';

export function unavailableStaffMessage(mutating: boolean): string {
  return `The wallet service could not be reached or did not answer in time. ${mutating ? OUTCOME_UNKNOWN : 'Try again in a moment.'}`;
}

export function protocolStaffMessage(mutating: boolean): string {
  return `The wallet service sent an answer the back-office does not understand. Report this to an administrator. ${mutating ? OUTCOME_UNKNOWN : ''}`.trimEnd();
}

// ------------------------------------------------------------------ envelope -> error

type Constructor = new (options: WalletClientErrorOptions) => WalletClientError;

const CLASS_BY_CODE: Record<Exclude<ResultCodeValue, 0>, Constructor> = {
  1001: WalletInputError,
  1002: WalletInputError,
  1003: WalletInputError,
  1004: WalletProtocolError,
  1005: WalletProtocolError,
  2001: WalletAuthError,
  2002: WalletAuthError,
  2003: WalletAuthError,
  2004: WalletAuthError,
  2005: WalletAuthError,
  3001: WalletNotFoundError,
  3002: WalletConflictError,
  4001: WalletInsufficientFundsError,
  4002: WalletRuleError,
  4003: WalletNotFoundError,
  4004: WalletNotFoundError,
  4005: WalletNotFoundError,
  4006: WalletConflictError,
  4007: WalletConflictError,
  4008: WalletNotFoundError,
  4009: WalletConflictError,
  4010: WalletRuleError,
  4011: WalletNotFoundError,
  4012: WalletNotFoundError,
  4013: WalletNotFoundError,
  4014: WalletNotFoundError,
  4015: WalletRuleError,
  4016: WalletConflictError,
  4017: WalletNotFoundError,
  4018: WalletRuleError,
  4019: WalletConflictError,
  5000: WalletServiceError,
  5001: WalletServiceError,
  6001: WalletRateLimitedError,
};

/**
 * The parameter a business code is about, so that a form can mark it, when the service's answer
 * does not name one in `data.field` (it does for 1001, 1002, 1003 and 3002).
 */
const FIELD_BY_CODE: Partial<Record<ResultCodeValue, string>> = {
  3001: 'appUserId',
  4002: 'addressId',
  4003: 'addressId',
  4004: 'categoryId',
  4005: 'paymentAssetId',
  4006: 'cardNumber',
  4007: 'requestId',
  4008: 'cardId',
  4011: 'assetId',
};

/**
 * Where one operation's answer means something more precise than the code's general sentence
 * (4001 is about a card fee in 4.3/4.4, about the amount in asset/transfer).
 */
const BY_OPERATION: Partial<
  Record<string, Partial<Record<ResultCodeValue, { field?: string; message: string }>>>
> = {
  assetTransfer: {
    4001: {
      field: 'amount',
      message:
        "The amount is more than the source's balance now. Nothing moved; enter a smaller amount or add money to the source first.",
    },
    4011: {
      message: 'One of the two assets was not found under this agency. Reload the page and choose again.',
    },
  },
};

/** The parameter names of an operation; none for a name outside the catalogue. */
export function parameterNames(operation: string): ReadonlySet<string> {
  const op = Object.hasOwn(walletOperations, operation)
    ? walletOperations[operation as keyof typeof walletOperations]
    : undefined;
  return new Set(op ? Object.keys(op.params.shape) : []);
}

/**
 * The field an error is about: `data.field` of the envelope (1001, 1002, 1003, 3002; see
 * docs/wallet-api.md), else the one the code implies; only if the operation has such a parameter.
 * The service's `msg` is English for people and is never parsed.
 */
export function fieldOfEnvelope(operation: string, code: number, data: unknown): string | undefined {
  const named = (data as { field?: unknown } | null | undefined)?.field;
  const implied = isResultCode(code)
    ? (BY_OPERATION[operation]?.[code]?.field ?? FIELD_BY_CODE[code])
    : undefined;
  const candidate = typeof named === 'string' ? named : implied;
  return candidate !== undefined && parameterNames(operation).has(candidate) ? candidate : undefined;
}

/** The rule a 1002 answer states in `data.rule` ("must be ..."), when it gives one. */
function ruleOfEnvelope(data: unknown): string | undefined {
  const rule = (data as { rule?: unknown } | null | undefined)?.rule;
  return typeof rule === 'string' ? rule : undefined;
}

function staffMessageFor(operation: string, code: number, field: string | undefined, data: unknown): string {
  const precise = isResultCode(code) ? BY_OPERATION[operation]?.[code]?.message : undefined;
  if (precise) return precise;
  switch (code) {
    case ResultCode.PARAM_MISSING:
      return missingStaffMessage(field);
    case ResultCode.PARAM_INVALID:
      return invalidStaffMessage(field, field === undefined ? undefined : ruleOfEnvelope(data));
    case ResultCode.PARAM_DUPLICATED:
      return duplicatedStaffMessage(field);
    default:
      return (STAFF_MESSAGES as Record<number, string | undefined>)[code] ?? unknownCodeStaffMessage(code);
  }
}

/** The error for a failed envelope (code other than 0) of `operation`. */
export function walletErrorFromEnvelope(operation: string, envelope: WalletEnvelope): WalletClientError {
  const { code, msg } = envelope;
  if (code === ResultCode.SUCCESS) {
    // A caller only asks for an error when something failed: a success here is a contract breach.
    return new WalletProtocolError({
      operation,
      code,
      serviceMessage: msg,
      staffMessage: protocolStaffMessage(isMutatingOperation(operation)),
      detail: `wallet ${operation}: a success envelope was treated as a failure`,
    });
  }
  const field = fieldOfEnvelope(operation, code, envelope.data);
  const meaning = resultCodeMeaningOf(code) ?? 'a code this client does not know';
  const Class = (CLASS_BY_CODE as Record<number, Constructor | undefined>)[code] ?? WalletServiceError;
  return new Class({
    operation,
    code,
    serviceMessage: msg,
    ...(field !== undefined ? { field } : {}),
    staffMessage: staffMessageFor(operation, code, field, envelope.data),
    detail: `wallet ${operation} answered ${code} (${meaning})${field !== undefined ? ` for ${field}` : ''}`,
  });
}

/** Unknown operations count as mutating: when unsure, staff must check before repeating. */
export function isMutatingOperation(operation: string): boolean {
  return Object.hasOwn(walletOperations, operation)
    ? walletOperations[operation as keyof typeof walletOperations].mutating
    : true;
}
