// The result codes (docs/wallet-api.md "Result codes") and the error type that carries one through
// the service and the client alike.
export const ResultCode = {
  SUCCESS: 0,
  PARAM_MISSING: 1001,
  PARAM_INVALID: 1002,
  PARAM_DUPLICATED: 1003,
  METHOD_NOT_ALLOWED: 1004,
  NOT_FOUND: 1005,
  SIGNATURE_MISMATCH: 2001,
  TIMESTAMP_EXPIRED: 2002,
  NONCE_USED: 2003,
  APP_UNKNOWN: 2004,
  USER_NOT_FOUND: 3001,
  USER_EXISTS: 3002,
  BALANCE_INSUFFICIENT: 4001,
  DELIVERY_ADDRESS_MISSING: 4002,
  ADDRESS_NOT_FOUND: 4003,
  CATEGORY_NOT_FOUND: 4004,
  PAYMENT_ASSET_NOT_FOUND: 4005,
  CARD_NUMBER_INVALID: 4006,
  REQUEST_ID_REUSED: 4007,
  CARD_NOT_FOUND: 4008,
  CARD_STATUS_CONFLICT: 4009,
  TRANSFER_NOT_ALLOWED: 4010,
  ASSET_NOT_FOUND: 4011,
  WEBHOOK_NOT_FOUND: 4012,
  EVENT_NOT_FOUND: 4013,
  AUTHORIZATION_NOT_FOUND: 4014,
  AMOUNT_NOT_ALLOWED: 4015,
  DEPOSIT_CONFLICT: 4016,
  DISPUTE_NOT_FOUND: 4017,
  DISPUTE_NOT_ALLOWED: 4018,
  DISPUTE_STATUS_CONFLICT: 4019,
  INTERNAL: 5000,
  UNAVAILABLE: 5001,
  RATE_LIMITED: 6001,
} as const;

export type ResultCodeValue = (typeof ResultCode)[keyof typeof ResultCode];

export const resultCodeMeaning: Record<ResultCodeValue, string> = {
  0: 'success',
  1001: 'a required parameter is missing',
  1002: "a parameter's value breaks its rule (format, enum, length, range)",
  1003: 'a parameter is given twice',
  1004: 'method not allowed (HTTP 405, with an Allow header)',
  1005: 'no wallet operation at this path (HTTP 404)',
  2001: 'signature does not match',
  2002: 'timestamp outside the ±300 s window',
  2003: 'nonce already used',
  2004: 'unknown agency, or the app is not under that agency',
  3001: 'user not found under this app',
  3002: 'user already registered (same appUserId, or same email, under this app)',
  4001: "the paying asset's balance is lower than what is due (the card fee, or the transfer's amount)",
  4002: 'delivery requested without addressId',
  4003: 'address not found for this user',
  4004: 'card category not found',
  4005: "payment asset not found, or not the payer's",
  4006: 'cardNumber invalid or already bound to a card',
  4007: 'requestId reused with other parameters',
  4008: 'card not found for this user',
  4009: "the card's status does not allow this change",
  4010: 'transfer not allowed between these assets (pair, owner, currency, or the card is not ACTIVE)',
  4011: 'asset not found under this app',
  4012: 'webhook endpoint not found',
  4013: 'event not found',
  4014: 'authorization or transaction not found',
  4015: 'the clear, reversal or refund amount is not allowed (over 120 %, over what the card can pay, over what is held or left to refund), or the authorization is not PENDING',
  4016: 'deposit not found under this app, or not in a state that allows this',
  4017: 'dispute not found under this app',
  4018: 'the transaction cannot be disputed: not a cleared purchase, more than 120 days after its clearing, or the amount is over what is left to dispute',
  4019: "the dispute's status does not allow this (submit and withdraw an OPEN one; the outcome comes to a SUBMITTED one)",
  5000: 'unexpected failure',
  5001: 'the service cannot reach its database right now (HTTP 503, Retry-After); the outcome of a mutating call is unknown',
  6001: 'too many requests from this app: try again later (HTTP 429, Retry-After)',
};

/**
 * What a caller does about each code (docs/integrator-guide.md "Result codes"): the OpenAPI
 * document's x-result-codes and the public reference carry it beside the meaning.
 */
export const resultCodeAdvice: Record<ResultCodeValue, string> = {
  0: 'use data',
  1001: 'send the parameter named in data.field; do not retry unchanged',
  1002: 'correct data.field so that it keeps data.rule; do not retry unchanged',
  1003: 'send the parameter named in data.field once',
  1004: 'use the method named in the Allow header',
  1005: 'check the path against the reference',
  2001: 'sign again: the canonical query of exactly the parameters sent, the upper-case method, the path, the right secret',
  2002: 'sync your clock (NTP) and sign with the current time; a retry needs a fresh timestamp',
  2003: 'sign every request, retries too, with a new random nonce',
  2004: 'check agencyCode and appId against what you were given',
  3001: 'register the user first (user/registerAndKyc), or check appUserId',
  3002: 'the user exists: look it up instead of registering again',
  4001: 'fund the paying asset, or pay from another one; nothing was changed',
  4002: 'give addressId when needDelivery is true',
  4003: "use one of the user's addresses (address/list)",
  4004: 'use a categoryId from card/categoryList',
  4005: "pay from an asset of the payer (the agency's for agency/applyUserCard, the user's for user/applyCard)",
  4006: 'omit cardNumber to have one generated, or send a valid number not yet bound',
  4007: 'a new operation needs a new requestId; a retry must repeat the first parameters exactly',
  4008: "use one of the user's cards (user/cardList)",
  4009: "read the card's status (card/detail): this change is not allowed from it",
  4010: 'check the pair of assets: owner, currency, and an ACTIVE card',
  4011: 'use an assetId of this app (agency/assetList, user/assetList)',
  4012: 'use an endpointId from webhook/list',
  4013: 'use an event id from event/list (events are kept 30 days)',
  4014: 'use an authorizationId from card/authorizations or authorization/list, or a transactionId of a cleared one, of this app',
  4015: 'read the authorization (card/authorizations): clear or reverse only a PENDING one within what it holds (a clear up to 120 %, the excess from available), refund only what is left',
  4016: 'read the deposit (deposit/list): release only a HELD deposit of this app, once',
  4017: 'use a disputeId from dispute/list of this app',
  4018: 'read the purchase (authorization/detail) and its disputes (dispute/list): dispute only a cleared purchase within 120 days of its clearing, up to what is neither refunded nor claimed by another dispute',
  4019: 'read the dispute (dispute/detail): submit or withdraw only an OPEN one',
  5000: 'retry later with the same requestId (a mutating call then runs at most once); report X-Request-Id if it persists',
  5001: 'wait Retry-After seconds, then send the same parameters and requestId again with a fresh timestamp and nonce: the retry answers what was done, once',
  6001: 'wait Retry-After seconds, then send again with a fresh timestamp and nonce',
};

/** Whether `code` is one of docs/wallet-api.md "Result codes" (a newer service may send others). */
export function isResultCode(code: number): code is ResultCodeValue {
  return Object.hasOwn(resultCodeMeaning, code);
}

/**
 * What `code` means, in the words of resultCodeMeaning (the one place a result code is put into
 * words), or undefined for a code this contract does not know.
 */
export function resultCodeMeaningOf(code: number): string | undefined {
  return isResultCode(code) ? resultCodeMeaning[code] : undefined;
}

/**
 * A handled outcome other than success: becomes the envelope {code, msg}, plus
 * `data: {field}` when the outcome is about one parameter (1001, 1002, 1003, 3002) and
 * `data.rule` for 1002, so that a client marks the field from data rather than by reading the
 * English `msg`.
 */
export class WalletError extends Error {
  readonly code: ResultCodeValue;
  /** `data` of the envelope: the parameter at fault, and for 1002 the rule it breaks. */
  readonly details?: WalletErrorDetails;
  constructor(code: ResultCodeValue, message: string, details?: WalletErrorDetails) {
    super(message);
    this.name = 'WalletError';
    this.code = code;
    if (details && details.field !== undefined) this.details = details;
  }

  get field(): string | undefined {
    return this.details?.field;
  }
}

export type WalletErrorDetails = { field?: string; rule?: string };
