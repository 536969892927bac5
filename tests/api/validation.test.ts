// Parameter validation of every wallet operation over HTTP
// (docs/wallet-api.md "Signature", "Operations", "Result codes"): a missing or empty required
// parameter is 1001 "<name> is required.", a value breaking its rule is 1002 "<name> <rule>.", a
// parameter given twice is 1003, and none of these changes anything.
import { sql } from 'drizzle-orm';
import { rawRows } from '@/lib/db/open';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DECLINE_REASONS, EVENT_TYPES } from '@/lib/wallet/contract/enums';
import {
  walletOperations,
  type WalletOperation,
  type WalletOperationName,
} from '@/lib/wallet/contract/operations';
import {
  callWallet,
  freshNonce,
  kycParams,
  signedOperationNames,
  signedUrl,
  type Envelope,
} from '../helpers/wallet-call';
import { createTestDatabase, TEST_AGENCY, type TestDatabase } from '../helpers/wallet-db';
import { startWalletServer, type WalletTestServer } from '../helpers/wallet-server';

type Params = Record<string, string>;

const USER = 'val-user-1';
const AUTH = ['agencyCode', 'appId', 'timestamp', 'nonce', 'sign'];

/** The required parameters of each operation, as docs/wallet-api.md "Operations" (and spec 4.1) fix them. */
const REQUIRED: Record<WalletOperationName, string[]> = {
  registerAndKyc: [
    ...AUTH,
    'appUserId',
    'email',
    'firstName',
    'lastName',
    'birthday',
    'mobile',
    'region',
    'documentType',
    'documentNo',
    'photos',
  ],
  cardListAllByUser: AUTH,
  agencyApplyUserCard: [...AUTH, 'appUserId', 'paymentAssetId', 'categoryId', 'embossedName'],
  userApplyCard: [...AUTH, 'appUserId', 'paymentAssetId', 'categoryId', 'embossedName'],
  agencyAssetList: AUTH,
  userCardList: [...AUTH, 'appUserId'],
  addAddress: [...AUTH, 'appUserId', 'country', 'city', 'street', 'firstName', 'lastName', 'mobile'],
  categoryList: AUTH,
  userAssetList: [...AUTH, 'appUserId'],
  addressList: [...AUTH, 'appUserId'],
  cardDetail: [...AUTH, 'appUserId', 'cardId'],
  cardList: AUTH,
  cardActivate: [...AUTH, 'appUserId', 'cardId'],
  cardLock: [...AUTH, 'appUserId', 'cardId', 'reason'],
  cardUnlock: [...AUTH, 'appUserId', 'cardId'],
  cardCancel: [...AUTH, 'appUserId', 'cardId', 'reason'],
  cardReplace: [...AUTH, 'appUserId', 'cardId', 'reason'],
  assetTransfer: [...AUTH, 'fromAssetId', 'toAssetId', 'amount'],
  assetLedger: [...AUTH, 'assetId'],
  assetDaily: [...AUTH, 'assetId'],
  addressUpdate: [...AUTH, 'appUserId', 'addressId'],
  addressDelete: [...AUTH, 'appUserId', 'addressId'],
  userSearch: [...AUTH, 'q'],
  userDetail: [...AUTH, 'appUserId'],
  webhookAdd: [...AUTH, 'url', 'events'],
  webhookList: AUTH,
  webhookDelete: [...AUTH, 'endpointId'],
  webhookRotateSecret: [...AUTH, 'endpointId'],
  eventList: AUTH,
  eventRedeliver: [...AUTH, 'eventId', 'endpointId'],
  webhookTest: [...AUTH, 'endpointId'],
  simulateAuthorize: [...AUTH, 'cardId', 'amount', 'merchantName', 'mcc', 'merchantCountry'],
  simulateClear: [...AUTH, 'authorizationId'],
  simulateReverse: [...AUTH, 'authorizationId'],
  simulateRefund: [...AUTH, 'transactionId'],
  cardAuthorizations: [...AUTH, 'appUserId', 'cardId'],
  authorizationList: AUTH,
  authorizationSummary: AUTH,
  authorizationDetail: [...AUTH, 'authorizationId'],
  cardControls: [...AUTH, 'appUserId', 'cardId'],
  cardControlsSet: [...AUTH, 'appUserId', 'cardId'],
  decisionSet: AUTH,
  decisionGet: AUTH,
  depositAddress: [...AUTH, 'appUserId', 'chain'],
  simulateDeposit: [...AUTH, 'chain', 'address', 'txHash', 'amount', 'fromAddress'],
  simulateConfirm: [...AUTH, 'depositId', 'confirmations'],
  depositList: AUTH,
  depositRelease: [...AUTH, 'depositId', 'decision', 'note'],
  kytRules: AUTH,
  kytRulesSet: AUTH,
  disputeCreate: [...AUTH, 'transactionId', 'reason'],
  disputeSubmit: [...AUTH, 'disputeId', 'evidence'],
  disputeWithdraw: [...AUTH, 'disputeId'],
  disputeDetail: [...AUTH, 'disputeId'],
  disputeList: AUTH,
  simulateDisputeOutcome: [...AUTH, 'disputeId', 'outcome'],
  cardDetailsLink: [...AUTH, 'appUserId', 'cardId'],
  appCardViewOrigins: AUTH,
  // origins is clearable: given empty clears, absent is 1001 (the handler's, not the schema's).
  appCardViewOriginsSet: AUTH,
  userWalletTokenRotate: [...AUTH, 'appUserId'],
  // The cardholder's operations carry no signature: the walletToken is their bearer.
  meCards: [],
  meCardAuthorizations: ['cardId'],
  meCardFreeze: ['cardId'],
  meCardUnfreeze: ['cardId'],
  meCardDetailsLink: ['cardId'],
  simulateExpireCard: [...AUTH, 'cardId'],
  disputeSummary: AUTH,
};

const operations = Object.values(walletOperations) as WalletOperation[];
const opNames = Object.keys(walletOperations) as WalletOperationName[];
/** The signed ones: the cardholder's (me/*) carry a walletToken, not the signature's five. */
const signedNames = signedOperationNames();

const shapeOf = (op: WalletOperation) => op.params.shape as Record<string, z.ZodType>;
/** Required = neither optional nor defaulted: the schema refuses an absent value. */
const requiredOf = (op: WalletOperation) =>
  Object.entries(shapeOf(op))
    .filter(([, schema]) => !schema.safeParse(undefined).success)
    .map(([name]) => name);

// ---------------------------------------------------------------- rules and their messages

const RULE = {
  agencyCode: "must be 1-32 letters, digits, '_' or '-'",
  appId: "must be 1-64 letters, digits, '_', '.' or '-'",
  appUserId: "must be 1-64 letters, digits, '_', '.', '@', ':', '+' or '-'",
  timestamp: 'must be Unix epoch milliseconds (digits only)',
  nonce: "must be 16-64 characters of A-Z, a-z, 0-9, '_' or '-'",
  requestId: 'must be 8-64 printable ASCII characters without spaces',
  email: 'must be a valid e-mail address',
  name: 'must be 1-50 English letters, spaces, hyphens or apostrophes, starting with a letter',
  twoSpaces: 'must not contain two spaces in a row',
  mobile: 'must be <region code>-<digits>, e.g. 1-4155550100 or 852-91234567',
  date: 'must be a real date from 1900 on, in the form yyyy-MM-dd',
  future: 'must not be in the future',
  url: 'must be an http(s) URL',
  photos: 'must be 1-10 http(s) URLs joined by commas',
  positiveId: 'must be a positive whole number',
  int32: 'must be at most 2147483647',
  bool: 'must be true or false',
  embossed: 'must be 1-20 upper-case letters A-Z with single spaces between words',
  country: 'must be an ISO 3166-1 alpha-2 country code, e.g. US',
  control: 'must not contain control characters',
  origins:
    'must be comma-separated https:// origins (http:// only on localhost or 127.0.0.1; no path, query or fragment), at most 10',
  trim: 'must not start or end with a space',
  max: (n: number) => `must be at most ${n} characters`,
  wholeNumber: 'must be a whole number',
  atLeast1: 'must be at least 1',
  documentType: "must be 1-32 letters or digits, words separated by a single space, '_' or '-'",
  documentNo: "must be 1-40 letters or digits, groups separated by a single space, '/' or '-'",
  gender: 'must be one of FEMALE, MALE',
  supportDocumentType:
    'must be one of ADDRESS_PROOF, BANK_STATEMENT, EMPLOYMENT_CONTRACT, IMMIGRATION_ENDORSEMENT, PROOF_OF_VISIT, SALARY_PAYSLIP, TENANCY_AGREEMENT, TRAVEL_PERMIT, WORK_VISA',
  annualIncome: 'must be an amount in USD, e.g. 50000 or 50000.00',
  uuid: 'must be a UUID',
  postalCode: "must be 1-12 letters, digits, spaces or '-'",
  reason: 'must be one of LOST, STOLEN, DAMAGED, FRAUD_SUSPECTED, USER_REQUEST, OTHER',
  ledgerType:
    'must be one of PROVISION, CREDIT, CARD_FEE, TRANSFER_IN, TRANSFER_OUT, CARD_REFUND, CARD_SPEND, MERCHANT_REFUND, DEPOSIT, DISPUTE_CREDIT',
  amount: 'must be a decimal amount in major units, e.g. 25.00',
  positiveAmount: 'must be more than 0',
  q: 'must be 2-64 characters',
  events: `must be * or event types separated by commas, from: ${EVENT_TYPES.join(', ')}`,
  eventType: `must be one of ${EVENT_TYPES.join(', ')}`,
  mcc: 'must be a merchant category code of exactly 4 digits',
  currency: 'must be a currency code of 3 upper-case letters, e.g. USD',
  cursor: 'must be a nextCursor from the page before',
  status: 'must be one of PENDING, CLEARED, REVERSED, EXPIRED, DECLINED',
  declineReason: `must be one of ${DECLINE_REASONS.join(', ')}`,
  blockedMcc: 'must be at most 200 merchant category codes of 4 digits separated by commas',
  blockedCountries: 'must be at most 200 ISO 3166-1 alpha-2 country codes separated by commas',
  fallback: 'must be one of APPROVE, DECLINE',
  chain: 'must be one of ETHEREUM, TRON',
  chainAddress: 'must be 1-64 letters or digits',
  addressList: 'must be ETHEREUM (0x and 40 hex) or TRON (T and 33 base58) addresses separated by commas',
  eventId: "must be an event id: evt_ and 24-60 letters, digits, '_' or '-'",
  atMost: (n: number) => `must be at most ${n}`,
} as const;

const LONG = 10_000;
const url = (n: number) => `https://files.example.com/doc-${n}.png`;
const isoDay = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

const textRules = (max: number): [string, string][] => [
  [' leading', RULE.trim],
  ['trailing ', RULE.trim],
  ['line\nbreak', RULE.control],
  ['nul\u0000byte', RULE.control],
  ['c1\u0085control', RULE.control],
  ['x'.repeat(max + 1), RULE.max(max)],
  ['x'.repeat(LONG), RULE.max(max)],
];

const nameRules: [string, string][] = [
  ['J4ne', RULE.name],
  ['Jane2', RULE.name],
  [' Jane', RULE.name],
  ['Jane ', RULE.name],
  ['-Jane', RULE.name],
  ['Jane-', RULE.name],
  ['Smith Jr.', RULE.name],
  ['J_ne', RULE.name],
  ['Mary  Ann', RULE.twoSpaces],
  ['Ja\u0007ne', RULE.name],
  ['Ja\tne', RULE.name],
  ['José', RULE.name],
  ['Zoë', RULE.name],
  ['J'.repeat(51), RULE.name],
  ['J'.repeat(LONG), RULE.name],
];

const idRules: [string, string][] = [
  ['0', RULE.positiveId],
  ['-1', RULE.positiveId],
  ['abc', RULE.positiveId],
  ['01', RULE.positiveId],
  ['1.0', RULE.positiveId],
  ['1e3', RULE.positiveId],
  [' 1', RULE.positiveId],
  ['2147483648', RULE.int32],
  ['9999999999', RULE.int32],
  ['99999999999', RULE.positiveId],
  ['9'.repeat(LONG), RULE.positiveId],
];

const BAD: Record<string, [string, string][]> = {
  agencyCode: [
    ['AG 001', RULE.agencyCode],
    ['AG.001', RULE.agencyCode],
    ['A'.repeat(33), RULE.agencyCode],
    ['A'.repeat(LONG), RULE.agencyCode],
    ['AG\u0000', RULE.agencyCode],
  ],
  appId: [
    ['app/1', RULE.appId],
    ['app 1', RULE.appId],
    ['a'.repeat(65), RULE.appId],
    ['a'.repeat(LONG), RULE.appId],
  ],
  timestamp: [
    ['abc', RULE.timestamp],
    ['-1', RULE.timestamp],
    ['1.5', RULE.timestamp],
    ['1767225600000.0', RULE.timestamp],
    ['1e12', RULE.timestamp],
    ['0x10', RULE.timestamp],
    ['1'.repeat(16), RULE.timestamp],
    ['2026-01-01T00:00:00Z', RULE.timestamp],
  ],
  nonce: [
    ['a'.repeat(15), RULE.nonce],
    ['abcdefghijklmno!', RULE.nonce],
    ['abcdefgh ijklmnop', RULE.nonce],
    ['abcdefghijklmnop.', RULE.nonce],
    ['a'.repeat(65), RULE.nonce],
    ['a'.repeat(LONG), RULE.nonce],
  ],
  sign: [
    ['a'.repeat(129), RULE.max(128)],
    ['f'.repeat(LONG), RULE.max(128)],
  ],
  appUserId: [
    ['jane doe', RULE.appUserId],
    ['u/1', RULE.appUserId],
    ['u#1', RULE.appUserId],
    ['ü-1', RULE.appUserId],
    ['u'.repeat(65), RULE.appUserId],
    ['u'.repeat(LONG), RULE.appUserId],
  ],
  email: [
    ['not-an-email', RULE.email],
    ['jane@', RULE.email],
    ['@example.com', RULE.email],
    ['jane@example', RULE.email],
    ['jane doe@example.com', RULE.email],
    ['jane@@example.com', RULE.email],
    [`${'a'.repeat(64)}@${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example.com`, RULE.max(254)],
    [`${'e'.repeat(LONG)}@example.com`, RULE.max(254)],
  ],
  firstName: nameRules,
  lastName: nameRules,
  birthday: [
    ['1990-02-30', RULE.date],
    ['1990-2-3', RULE.date],
    ['1990/04/12', RULE.date],
    ['12-04-1990', RULE.date],
    ['1899-12-31', RULE.date],
    ['1990-04-12T00:00:00Z', RULE.date],
    [isoDay(2), RULE.future],
    ['2999-01-01', RULE.future],
  ],
  mobile: [
    ['14155550100', RULE.mobile],
    ['+1-4155550100', RULE.mobile],
    ['1 4155550100', RULE.mobile],
    ['1-415', RULE.mobile],
    ['12345-4155550100', RULE.mobile],
    ['1-415555010012345', RULE.mobile],
    ['1-4155550100x', RULE.mobile],
  ],
  region: textRules(64),
  documentType: [
    ['PASS/PORT', RULE.documentType],
    [' PASSPORT', RULE.documentType],
    ['PASSPORT ', RULE.documentType],
    ['ID  CARD', RULE.documentType],
    ['P'.repeat(33), RULE.documentType],
  ],
  documentNo: [
    ['X#1234', RULE.documentNo],
    ['X1234 ', RULE.documentNo],
    ['X12--34', RULE.documentNo],
    ['-X1234', RULE.documentNo],
    ['X'.repeat(41), RULE.documentNo],
  ],
  photos: [
    ['not-a-url', RULE.photos],
    ['ftp://files.example.com/a.png', RULE.photos],
    [Array.from({ length: 11 }, (_, i) => url(i)).join(','), RULE.photos],
    [`${url(1)},`, RULE.photos],
    [`${url(1)}, ${url(2)}`, RULE.photos],
    [`${url(1)},,${url(2)}`, RULE.photos],
    [`https://files.example.com/${'x'.repeat(7980)}`, RULE.max(8000)],
    [`https://files.example.com/${'x'.repeat(LONG)}`, RULE.max(8000)],
  ],
  documentExpiryDate: [
    ['2030-13-01', RULE.date],
    ['2030-02-29', RULE.date],
    ['20300101', RULE.date],
    ['2020-06-30', 'must be a date after today (UTC): the document has expired'],
    [new Date().toISOString().slice(0, 10), 'must be a date after today (UTC): the document has expired'],
  ],
  gender: [
    ['OTHER', RULE.gender],
    ['female', RULE.gender],
    ['MALE ', RULE.gender],
  ],
  annualIncome: [
    ['12.345', RULE.annualIncome],
    ['-1', RULE.annualIncome],
    ['1,000', RULE.annualIncome],
    ['1e5', RULE.annualIncome],
    ['.5', RULE.annualIncome],
    ['1'.repeat(13), RULE.annualIncome],
  ],
  occupation: textRules(64),
  position: textRules(64),
  detailedAddress: textRules(200),
  cardUUID: [
    ['not-a-uuid', RULE.uuid],
    ['123e4567-e89b-12d3-a456-42661417400', RULE.uuid],
    ['123e4567e89b12d3a456426614174000', RULE.uuid],
  ],
  supportDocumentType: [
    ['PASSPORT', RULE.supportDocumentType],
    ['work_visa', RULE.supportDocumentType],
  ],
  supportDocumentUrl: [
    ['javascript:alert(1)', RULE.url],
    ['//files.example.com/a.png', RULE.url],
    [`${url(1)},${url(2)}`, RULE.url],
    ['https://files.example.com/a b.png', RULE.url],
    [`https://files.example.com/${'x'.repeat(2030)}`, RULE.max(2048)],
  ],
  requestId: [
    ['abcdefg', RULE.requestId],
    ['abcd efgh', RULE.requestId],
    ['abcdéfgh', RULE.requestId],
    ['r'.repeat(65), RULE.requestId],
    ['r'.repeat(LONG), RULE.requestId],
  ],
  pageNum: [
    ['0', RULE.atLeast1],
    ['abc', RULE.wholeNumber],
    ['-1', RULE.wholeNumber],
    ['1.5', RULE.wholeNumber],
    ['1000001', 'must be at most 1000000'],
    ['9'.repeat(LONG), RULE.wholeNumber],
  ],
  pageSize: [
    ['0', RULE.atLeast1],
    ['101', 'must be at most 100'],
    ['1e2', RULE.wholeNumber],
    ['ten', RULE.wholeNumber],
  ],
  paymentAssetId: idRules,
  categoryId: idRules,
  addressId: idRules,
  embossedName: [
    ['john doe', RULE.embossed],
    ['John Doe', RULE.embossed],
    ['A'.repeat(21), RULE.embossed],
    ['JOHN  DOE', RULE.embossed],
    [' JOHN', RULE.embossed],
    ['JOHN ', RULE.embossed],
    ['JOHN1', RULE.embossed],
    ['JOSÉ', RULE.embossed],
    ["O'NEIL", RULE.embossed],
    ['JOHN-DOE', RULE.embossed],
    ['A'.repeat(LONG), RULE.embossed],
  ],
  needDelivery: [
    ['yes', RULE.bool],
    ['TRUE', RULE.bool],
    ['1', RULE.bool],
  ],
  cardNumber: [
    ['4'.repeat(33), RULE.max(32)],
    ['4'.repeat(LONG), RULE.max(32)],
  ],
  cardImageUrl: [
    ['not a url', RULE.url],
    ['mailto:jane@example.com', RULE.url],
    ['https://', RULE.url],
  ],
  country: [
    ['XX', RULE.country],
    ['us', RULE.country],
    ['USA', RULE.country],
    ['U1', RULE.country],
    ['U', RULE.country],
  ],
  city: textRules(64),
  street: textRules(128),
  province: textRules(64),
  postalCode: [
    ['12345!', RULE.postalCode],
    ['-1234', RULE.postalCode],
    ['1234-', RULE.postalCode],
    ['1'.repeat(13), RULE.postalCode],
  ],
  isDefault: [
    ['TRUE', RULE.bool],
    ['yes', RULE.bool],
    ['0', RULE.bool],
  ],
  withCards: [
    ['yes', RULE.bool],
    ['1', RULE.bool],
  ],
  cardId: idRules,
  fromAssetId: idRules,
  toAssetId: idRules,
  assetId: idRules,
  reason: [
    ['lost', RULE.reason],
    ['STOLEN ', RULE.reason],
    ['EXPIRED', RULE.reason],
    ['L'.repeat(LONG), RULE.reason],
  ],
  amount: [
    ['0', RULE.positiveAmount],
    ['0.00', RULE.positiveAmount],
    ['-1', RULE.amount],
    ['1,00', RULE.amount],
    ['1.1234567', RULE.amount],
    ['.5', RULE.amount],
    ['1e3', RULE.amount],
    ['01', RULE.amount],
    ['9'.repeat(LONG), RULE.amount],
  ],
  url: [
    ['ftp://hooks.example.com/a', RULE.url],
    ['not a url', RULE.url],
    ['https://user:pw@93.184.215.14/x', 'must not carry a user name or password'],
    [`https://hooks.example.com/${'a'.repeat(LONG)}`, 'must be at most 2048 characters'],
  ],
  events: [
    ['card.eaten', RULE.events],
    ['*,card.issued', RULE.events],
    ['card.issued,', RULE.events],
    ['e'.repeat(401), 'must be at most 400 characters'],
  ],
  description: textRules(200),
  endpointId: idRules,
  chain: [
    ['ethereum', RULE.chain],
    ['BITCOIN', RULE.chain],
    ['E'.repeat(LONG), RULE.chain],
  ],
  address: [
    ['0x12-34', RULE.chainAddress],
    ['a'.repeat(65), RULE.chainAddress],
  ],
  fromAddress: [
    ['T 123', RULE.chainAddress],
    ['a'.repeat(LONG), RULE.chainAddress],
  ],
  txHash: [
    ['0x12;drop', 'must be 1-66 letters or digits'],
    ['a'.repeat(67), 'must be 1-66 letters or digits'],
  ],
  logIndex: [
    ['-1', RULE.wholeNumber],
    ['1.5', RULE.wholeNumber],
    ['1000001', RULE.atMost(1_000_000)],
  ],
  confirmations: [
    ['-1', RULE.wholeNumber],
    ['twelve', RULE.wholeNumber],
    ['1000001', RULE.atMost(1_000_000)],
  ],
  depositId: idRules,
  disputeId: idRules,
  decision: [
    ['credit', 'must be one of CREDIT, REJECT'],
    ['APPROVE', 'must be one of CREDIT, REJECT'],
  ],
  note: textRules(500),
  approval: [
    ['A'.repeat(64), 'must be 64 lower-case hex characters'],
    ['a'.repeat(63), 'must be 64 lower-case hex characters'],
  ],
  apiRelease: [
    ['no', RULE.bool],
    ['FALSE', RULE.bool],
  ],
  blockedAddresses: [
    ['0x1234', RULE.addressList],
    [`0x${'1'.repeat(40)},nope`, RULE.addressList],
    ['a'.repeat(12_001), 'must be at most 12000 characters'],
  ],
  reviewAddresses: [
    ['T123', RULE.addressList],
    ['a'.repeat(12_001), 'must be at most 12000 characters'],
  ],
  reviewAmount: [
    ['0', RULE.positiveAmount],
    ['1.1234567', RULE.amount],
    ['-5', RULE.amount],
  ],
  severeAmount: [
    ['0.000000', RULE.positiveAmount],
    ['ten', RULE.amount],
  ],
  eventId: [
    ['evt_short', RULE.eventId],
    ['abcdefghijklmnopqrstuvwxyz1234', RULE.eventId],
    [`evt_${'a'.repeat(61)}`, RULE.eventId],
    ['evt_abcdefghijklmnopqrstuvw!', RULE.eventId],
  ],
  merchantName: textRules(100),
  mcc: [
    ['581', RULE.mcc],
    ['58123', RULE.mcc],
    ['58a2', RULE.mcc],
  ],
  merchantCountry: [
    ['XX', RULE.country],
    ['us', RULE.country],
  ],
  currency: [
    ['usd', RULE.currency],
    ['US', RULE.currency],
    ['USDT', RULE.currency],
  ],
  authorizationId: idRules,
  transactionId: idRules,
  status: [
    ['APPROVED', RULE.status],
    ['pending', RULE.status],
  ],
  declineReason: [
    ['TOO_EXPENSIVE', RULE.declineReason],
    ['mcc_blocked', RULE.declineReason],
  ],
  from: [
    ['2026-02-30', RULE.date],
    ['20260101', RULE.date],
  ],
  to: [
    ['2026-13-01', RULE.date],
    ['yesterday', RULE.date],
  ],
  cursor: [
    ['a b', RULE.cursor],
    ['c'.repeat(65), RULE.cursor],
    ['abc=', RULE.cursor],
  ],
  perTransaction: [
    ['0', RULE.positiveAmount],
    ['1,00', RULE.amount],
  ],
  daily: [
    ['0.00', RULE.positiveAmount],
    ['-1', RULE.amount],
  ],
  monthly: [['1e3', RULE.amount]],
  allTime: [['.5', RULE.amount]],
  blockedMcc: [
    ['58a2', RULE.blockedMcc],
    ['5812,', RULE.blockedMcc],
    ['5812,581', RULE.blockedMcc],
    ['5'.repeat(2001), 'must be at most 2000 characters'],
  ],
  blockedCountries: [
    ['XX', RULE.blockedCountries],
    ['US,us', RULE.blockedCountries],
    ['US;CA', RULE.blockedCountries],
  ],
  fallback: [
    ['approve', RULE.fallback],
    ['MAYBE', RULE.fallback],
  ],
  rotateSecret: [
    ['yes', RULE.bool],
    ['TRUE', RULE.bool],
  ],
  timeoutMs: [
    ['99', 'must be at least 100'],
    ['2001', RULE.atMost(2000)],
    ['1.5', RULE.wholeNumber],
    ['fast', RULE.wholeNumber],
  ],
  q: [
    ['a', RULE.q],
    [' ab', RULE.trim],
    ['ab\u0000', RULE.control],
    ['x'.repeat(65), RULE.max(64)],
    ['x'.repeat(LONG), RULE.max(64)],
  ],
  cvv: [
    ['12', 'must be 3 digits'],
    ['1234', 'must be 3 digits'],
    ['12a', 'must be 3 digits'],
  ],
  expiry: [
    ['1330', 'must be MMYY (month 01-12, two-digit year)'],
    ['0030', 'must be MMYY (month 01-12, two-digit year)'],
    ['12/30', 'must be MMYY (month 01-12, two-digit year)'],
  ],
  origins: [
    ['http://app.example.com', RULE.origins],
    ['https://app.example.com/path', RULE.origins],
    ['app.example.com', RULE.origins],
    [Array.from({ length: 11 }, (_, i) => `https://a${i}.example.com`).join(','), RULE.origins],
    ['x'.repeat(LONG), RULE.origins],
  ],
};

// ---------------------------------------------------------------- server, data, calls

let db: TestDatabase;
let server: WalletTestServer;
let baseline: Snapshot;

/** Valid non-auth parameters of each operation: with one of them broken, only that one fails. */
function validParams(name: WalletOperationName): Params {
  switch (name) {
    case 'registerAndKyc':
      return kycParams('val-never-created');
    case 'agencyApplyUserCard':
    case 'userApplyCard':
      return {
        appUserId: USER,
        paymentAssetId: String(db.agencyAssetId),
        categoryId: '1',
        embossedName: 'JANE DOE',
      };
    case 'addAddress':
      return {
        appUserId: USER,
        country: 'US',
        city: 'San Francisco',
        street: '1 Market Street',
        firstName: 'Jane',
        lastName: "O'Connor",
        mobile: '1-4155550100',
      };
    case 'userCardList':
    case 'userAssetList':
    case 'addressList':
      return { appUserId: USER };
    case 'cardDetail':
    case 'cardActivate':
    case 'cardUnlock':
      return { appUserId: USER, cardId: '1' };
    case 'cardLock':
    case 'cardCancel':
    case 'cardReplace':
      return { appUserId: USER, cardId: '1', reason: 'LOST' };
    case 'assetTransfer':
      return { fromAssetId: String(db.agencyAssetId), toAssetId: '999999', amount: '1.00' };
    case 'assetLedger':
    case 'assetDaily':
      return { assetId: String(db.agencyAssetId) };
    case 'addressUpdate':
      return { appUserId: USER, addressId: '1', city: 'Oakland' };
    case 'addressDelete':
      return { appUserId: USER, addressId: '1' };
    case 'userSearch':
      return { q: 'jane' };
    case 'userDetail':
      return { appUserId: USER };
    case 'webhookAdd':
      return { url: 'https://93.184.215.14/hooks', events: '*' };
    case 'webhookDelete':
    case 'webhookRotateSecret':
      return { endpointId: '1' };
    case 'eventRedeliver':
      return { eventId: `evt_${'a'.repeat(24)}`, endpointId: '1' };
    case 'webhookTest':
      return { endpointId: '1' };
    case 'simulateAuthorize':
      return {
        cardId: '1',
        amount: '10.00',
        merchantName: 'Corner Cafe',
        mcc: '5812',
        merchantCountry: 'US',
      };
    case 'simulateClear':
    case 'simulateReverse':
    case 'authorizationDetail':
      return { authorizationId: '1' };
    case 'simulateRefund':
      return { transactionId: '1' };
    case 'cardAuthorizations':
    case 'cardControls':
    case 'cardControlsSet':
      return { appUserId: USER, cardId: '1' };
    case 'depositAddress':
      return { appUserId: USER, chain: 'ETHEREUM' };
    case 'simulateDeposit':
      return {
        chain: 'ETHEREUM',
        address: `0x${'1'.repeat(40)}`,
        txHash: `0x${'a'.repeat(64)}`,
        amount: '1.00',
        fromAddress: `0x${'2'.repeat(40)}`,
      };
    case 'simulateConfirm':
      return { depositId: '1', confirmations: '1' };
    case 'depositRelease':
      return { depositId: '1', decision: 'CREDIT', note: 'Checked the sender' };
    case 'disputeCreate':
      return { transactionId: '1', reason: 'OTHER' };
    case 'disputeSubmit':
      return { disputeId: '1', evidence: 'Tracking shows no delivery' };
    case 'disputeWithdraw':
    case 'disputeDetail':
      return { disputeId: '1' };
    case 'simulateDisputeOutcome':
      return { disputeId: '1', outcome: 'WON' };
    case 'cardDetailsLink':
      return { appUserId: USER, cardId: '1' };
    case 'userWalletTokenRotate':
      return { appUserId: USER };
    case 'appCardViewOriginsSet':
      return { origins: 'https://app.example.com' };
    case 'simulateExpireCard':
    case 'meCardAuthorizations':
    case 'meCardFreeze':
    case 'meCardUnfreeze':
    case 'meCardDetailsLink':
      return { cardId: '1' };
    default:
      return {};
  }
}

/** A signed URL whose parameters are `params`, optionally with one of them replaced after signing. */
function buildUrl(
  name: WalletOperationName,
  params: Params,
  edit?: { drop?: string; set?: [string, string] },
): string {
  const { sign, ...rest } = params;
  const full = signedUrl(server.baseUrl, name, rest, sign === undefined ? {} : { sign });
  if (!edit) return full;
  const [path, query = ''] = full.split('?') as [string, string?];
  const pairs = query
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const i = p.indexOf('=');
      return [decodeURIComponent(p.slice(0, i)), p.slice(i + 1)] as [string, string];
    })
    .filter(([n]) => n !== edit.drop && n !== edit.set?.[0]);
  if (edit.set) pairs.push([edit.set[0], encodeURIComponent(edit.set[1])]);
  return `${path}?${pairs.map(([n, v]) => `${encodeURIComponent(n)}=${v}`).join('&')}`;
}

async function send(name: WalletOperationName, target: string): Promise<{ status: number; body: Envelope }> {
  const response = await fetch(target, { method: walletOperations[name].method });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Envelope };
}

/** Everything a rejected call could have changed, read in one query (it runs after every test). */
type Snapshot = Record<string, unknown>;

const SNAPSHOT_TABLES = [
  'users',
  'cards',
  'assets',
  'ledger_entries',
  'addresses',
  'idempotency_keys',
  'used_nonces',
  'webhook_endpoints',
  'events',
  'event_deliveries',
];
const SNAPSHOT_QUERY = sql.raw(
  `select ${SNAPSHOT_TABLES.map((t) => `(select count(*)::int from wallet.${t}) as ${t}`).join(', ')},
     (select coalesce(json_agg(json_build_array(id, balance::text) order by id), '[]') from wallet.assets) as balances,
     (select coalesce(json_agg(json_build_array(id, user_count) order by id), '[]') from wallet.apps) as user_counts`,
);

async function snapshot(): Promise<Snapshot> {
  const [row] = await rawRows<Snapshot>(db.db, SNAPSHOT_QUERY);
  return row ?? {};
}

const preview = (v: string) =>
  v.length > 40 ? `${JSON.stringify(v.slice(0, 24))}...(${v.length} chars)` : JSON.stringify(v);

beforeAll(async () => {
  db = await createTestDatabase();
  server = await startWalletServer();
  const registered = await callWallet(server.baseUrl, 'registerAndKyc', kycParams(USER));
  expect(registered.body.code).toBe(0);
  baseline = await snapshot();
  expect(baseline).toMatchObject({ users: 1, cards: 0, addresses: 0, idempotency_keys: 0 });
});

afterAll(async () => {
  await server?.close();
  await db?.close();
});

// (d) Every call in this file is refused before any business logic, so none may change anything,
// not even record its nonce.
afterEach(async () => {
  expect(await snapshot()).toEqual(baseline);
});

// ---------------------------------------------------------------- the contract itself

describe('the schemas match the contract', () => {
  it.each(opNames)('%s: required parameters are those of docs/wallet-api.md "Operations"', (name) => {
    expect(requiredOf(walletOperations[name]).sort()).toEqual([...REQUIRED[name]].sort());
  });

  it.each(opNames)('%s: the valid base parameters pass the schema', (name) => {
    const op = walletOperations[name];
    const input = {
      ...validParams(name),
      agencyCode: 'AG001',
      appId: 'app-1',
      timestamp: '1',
      nonce: freshNonce(),
      sign: 'x',
    };
    expect(op.params.safeParse(input).success).toBe(true);
  });

  it('every parameter of every operation has at least one rule-breaking value here', () => {
    const uncovered = operations.flatMap((op) =>
      Object.keys(shapeOf(op))
        .filter((p) => !(BAD_FOR[op.name as WalletOperationName]?.[p] ?? BAD[p])?.length)
        .map((p) => `${op.name}.${p}`),
    );
    expect(uncovered).toEqual([]);
  });
});

// ---------------------------------------------------------------- (a) 1001

const requiredCases = opNames.flatMap((name) => REQUIRED[name].map((param) => [name, param] as const));

describe('a missing required parameter is 1001 "<name> is required."', () => {
  it.each(requiredCases)('%s without %s', async (name, param) => {
    const { status, body } = await send(name, buildUrl(name, validParams(name), { drop: param }));
    expect(status).toBe(200);
    expect(body).toEqual({ code: 1001, msg: `${param} is required.`, data: { field: param } });
  });

  it.each(requiredCases)('%s with %s= (empty counts as missing)', async (name, param) => {
    const { status, body } = await send(name, buildUrl(name, validParams(name), { set: [param, ''] }));
    expect(status).toBe(200);
    expect(body).toEqual({ code: 1001, msg: `${param} is required.`, data: { field: param } });
  });

  it.each(signedNames)('%s built with sign: null', async (name) => {
    const target = signedUrl(server.baseUrl, name, validParams(name), { sign: null });
    expect(new URL(target).searchParams.has('sign')).toBe(false);
    expect((await send(name, target)).body).toEqual({
      code: 1001,
      msg: 'sign is required.',
      data: { field: 'sign' },
    });
  });

  it.each(signedNames)('%s with no query string at all names agencyCode first', async (name) => {
    const { status, body } = await send(name, `${server.baseUrl}${walletOperations[name].path}`);
    expect(status).toBe(200);
    expect(body).toEqual({ code: 1001, msg: 'agencyCode is required.', data: { field: 'agencyCode' } });
  });

  it('an optional parameter may be empty (dropped, like absent)', async () => {
    // Optional and empty: validation passes, so the refusal comes from the next stage (a bad sign).
    const target = buildUrl('cardListAllByUser', { email: '', pageNum: '', sign: 'f'.repeat(64) });
    expect((await send('cardListAllByUser', target)).body).toEqual({
      code: 2001,
      msg: 'The signature does not match the request.',
    });
  });
});

// ---------------------------------------------------------------- (b) 1002

/** Where one operation's rule for a parameter differs from the others'. */
const BAD_FOR: Partial<Record<WalletOperationName, Record<string, [string, string][]>>> = {
  depositList: {
    status: [
      ['held', 'must be one of CONFIRMING, HELD, CREDITED, REJECTED'],
      ['PENDING', 'must be one of CONFIRMING, HELD, CREDITED, REJECTED'],
    ],
  },
  assetLedger: {
    type: [
      ['credit', RULE.ledgerType],
      ['FEE', RULE.ledgerType],
      ['CREDIT ', RULE.ledgerType],
      ['C'.repeat(LONG), RULE.ledgerType],
    ],
  },
  cardList: {
    last4: [
      ['123', 'must be the last four digits of a card number'],
      ['12345', 'must be the last four digits of a card number'],
      ['12a4', 'must be the last four digits of a card number'],
    ],
    sort: [['new', 'must be one of newest, oldest']],
    status: [
      ['locked', 'must be one of PENDING, ACTIVE, LOCKED, CANCELLED'],
      ['BLOCKED', 'must be one of PENDING, ACTIVE, LOCKED, CANCELLED'],
    ],
    type: [['virtual', 'must be one of VIRTUAL, PHYSICAL']],
    issuedFrom: [
      ['2026-02-30', RULE.date],
      ['01/02/2026', RULE.date],
    ],
    issuedTo: [['2026-13-01', RULE.date]],
    cursor: [
      ['not a cursor', 'must be a nextCursor from the page before'],
      ['MjAyNnwx', 'must be a nextCursor from the page before'],
    ],
  },
  assetDaily: {
    days: [
      ['0', RULE.atLeast1],
      ['91', RULE.atMost(90)],
      ['-1', RULE.wholeNumber],
      ['1.5', RULE.wholeNumber],
      ['7d', RULE.wholeNumber],
      ['9'.repeat(LONG), RULE.wholeNumber],
    ],
  },
  eventList: {
    type: [
      ['card.eaten', RULE.eventType],
      ['CARD.ISSUED', RULE.eventType],
      ['t'.repeat(LONG), RULE.eventType],
    ],
    cursor: [
      ['abc', 'must be the nextCursor of an earlier event/list reply'],
      // A cursor of another kind, and one of event 0, are not cursors event/list made.
      [btoa('xx1.5').replace(/=+$/, ''), 'must be the nextCursor of an earlier event/list reply'],
      [btoa('ev1.0').replace(/=+$/, ''), 'must be the nextCursor of an earlier event/list reply'],
      ['c'.repeat(LONG), 'must be the nextCursor of an earlier event/list reply'],
    ],
  },
  userSearch: {
    pageSize: [
      ['0', RULE.atLeast1],
      ['51', 'must be at most 50'],
      ['ten', RULE.wholeNumber],
    ],
  },
  disputeCreate: {
    reason: [
      [
        'fraudulent',
        'must be one of FRAUDULENT, NOT_RECEIVED, DUPLICATE, INCORRECT_AMOUNT, CANCELLED_SERVICE, OTHER',
      ],
      [
        'STOLEN',
        'must be one of FRAUDULENT, NOT_RECEIVED, DUPLICATE, INCORRECT_AMOUNT, CANCELLED_SERVICE, OTHER',
      ],
    ],
    explanation: [
      [' why', RULE.trim],
      ['x'.repeat(2001), 'must be at most 2000 characters'],
    ],
  },
  disputeSubmit: {
    evidence: [
      ['proof ', RULE.trim],
      ['x'.repeat(5001), 'must be at most 5000 characters'],
    ],
  },
  disputeList: {
    status: [
      ['open', 'must be one of OPEN, SUBMITTED, WON, LOST, WITHDRAWN, EXPIRED'],
      ['PENDING', 'must be one of OPEN, SUBMITTED, WON, LOST, WITHDRAWN, EXPIRED'],
    ],
    reason: [
      [
        'LOST',
        'must be one of FRAUDULENT, NOT_RECEIVED, DUPLICATE, INCORRECT_AMOUNT, CANCELLED_SERVICE, OTHER',
      ],
    ],
  },
  simulateDisputeOutcome: {
    outcome: [
      ['won', 'must be one of WON, LOST'],
      ['DRAW', 'must be one of WON, LOST'],
    ],
  },
  disputeSummary: {
    dueWithinDays: [
      ['0', RULE.atLeast1],
      ['31', 'must be at most 30'],
      ['ten', RULE.wholeNumber],
    ],
  },
};

const invalidCases = operations.flatMap((op) =>
  Object.keys(shapeOf(op)).flatMap((param) =>
    (BAD_FOR[op.name as WalletOperationName]?.[param] ?? BAD[param] ?? []).map(
      ([value, rule]) => [op.name as WalletOperationName, param, preview(value), value, rule] as const,
    ),
  ),
);

describe('a value breaking its rule is 1002 "<name> <rule>."', () => {
  it.each(invalidCases)('%s %s=%s', async (name, param, _preview, value, rule) => {
    const params = { ...validParams(name), [param]: value };
    const { status, body } = await send(name, buildUrl(name, params));
    expect(status).toBe(200);
    expect(body).toEqual({ code: 1002, msg: `${param} ${rule}.`, data: { field: param, rule } });
  });

  it('a whitespace-only required value is present, so 1002, not 1001', async () => {
    const target = buildUrl('addAddress', { ...validParams('addAddress'), city: ' ' });
    expect((await send('addAddress', target)).body).toEqual({
      code: 1002,
      msg: `city ${RULE.trim}.`,
      data: { field: 'city', rule: RULE.trim },
    });
  });
});

describe('the first failing parameter in schema order is the one reported', () => {
  const kyc = () => validParams('registerAndKyc');

  it.each([
    [
      'bad email, bad firstName',
      { email: 'nope', firstName: 'J4ne' },
      { code: 1002, msg: `email ${RULE.email}.`, data: { field: 'email', rule: RULE.email } },
    ],
    [
      'missing appUserId, bad email',
      { appUserId: undefined, email: 'nope' },
      { code: 1001, msg: 'appUserId is required.', data: { field: 'appUserId' } },
    ],
    [
      'bad email, missing firstName',
      { email: 'nope', firstName: undefined },
      { code: 1002, msg: `email ${RULE.email}.`, data: { field: 'email', rule: RULE.email } },
    ],
    [
      'bad nonce, missing appUserId',
      { nonce: 'short', appUserId: undefined },
      { code: 1002, msg: `nonce ${RULE.nonce}.`, data: { field: 'nonce', rule: RULE.nonce } },
    ],
    [
      'bad photos, bad gender',
      { photos: 'x', gender: 'X' },
      { code: 1002, msg: `photos ${RULE.photos}.`, data: { field: 'photos', rule: RULE.photos } },
    ],
    [
      'missing photos, bad requestId',
      { photos: undefined, requestId: 'x' },
      { code: 1001, msg: 'photos is required.', data: { field: 'photos' } },
    ],
  ])('registerAndKyc: %s', async (_label, overrides, expected) => {
    const params = Object.fromEntries(
      Object.entries({ ...kyc(), ...overrides }).filter(([, v]) => v !== undefined),
    ) as Params;
    expect((await send('registerAndKyc', buildUrl('registerAndKyc', params))).body).toEqual(expected);
  });

  it('validation comes before the app lookup (unknown agency, bad email -> 1002)', async () => {
    const target = buildUrl('registerAndKyc', { ...kyc(), agencyCode: 'NOPE', email: 'nope' });
    expect((await send('registerAndKyc', target)).body).toEqual({
      code: 1002,
      msg: `email ${RULE.email}.`,
      data: { field: 'email', rule: RULE.email },
    });
  });

  it('validation comes before the signature (bad sign, missing appUserId -> 1001)', async () => {
    const target = buildUrl('userCardList', { sign: '0'.repeat(64) }, { drop: 'appUserId' });
    expect((await send('userCardList', target)).body).toEqual({
      code: 1001,
      msg: 'appUserId is required.',
      data: { field: 'appUserId' },
    });
  });

  it('validation comes before the timestamp window (stale timestamp, bad pageSize -> 1002)', async () => {
    const target = buildUrl('cardListAllByUser', { timestamp: '1', pageSize: '0' });
    expect((await send('cardListAllByUser', target)).body).toEqual({
      code: 1002,
      msg: `pageSize ${RULE.atLeast1}.`,
      data: { field: 'pageSize', rule: RULE.atLeast1 },
    });
  });
});

// ---------------------------------------------------------------- (c) 1003

const duplicate = (param: string) => ({
  code: 1003,
  msg: `Parameter ${param} is given more than once.`,
  data: { field: param },
});

describe('a parameter given twice is 1003, naming it', () => {
  it.each(signedNames)('%s: a duplicated auth parameter (appId)', async (name) => {
    const r = await callWallet(server.baseUrl, name, validParams(name), {
      extraQuery: `appId=${TEST_AGENCY.appId}`,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual(duplicate('appId'));
  });

  it.each(signedNames)('%s: a second sign', async (name) => {
    const r = await callWallet(server.baseUrl, name, validParams(name), {
      extraQuery: `sign=${'0'.repeat(64)}`,
    });
    expect(r.body).toEqual(duplicate('sign'));
  });

  it.each(signedNames)('%s: a duplicate whose second copy is empty (nonce=)', async (name) => {
    const r = await callWallet(server.baseUrl, name, validParams(name), { extraQuery: 'nonce=' });
    expect(r.body).toEqual(duplicate('nonce'));
  });

  const withBusinessParam = opNames
    .map((name) => [name, REQUIRED[name].find((param) => !AUTH.includes(param))] as const)
    .filter((c): c is readonly [WalletOperationName, string] => c[1] !== undefined);

  it.each(withBusinessParam)('%s: a duplicated business parameter (%s), same value', async (name, param) => {
    const value = validParams(name)[param]!;
    const r = await callWallet(server.baseUrl, name, validParams(name), {
      extraQuery: `${encodeURIComponent(param)}=${encodeURIComponent(value)}`,
    });
    expect(r.body).toEqual(duplicate(param));
  });

  it.each(withBusinessParam)(
    '%s: a duplicated business parameter (%s) whose second copy is empty',
    async (name, param) => {
      const r = await callWallet(server.baseUrl, name, validParams(name), {
        extraQuery: `${encodeURIComponent(param)}=`,
      });
      expect(r.body).toEqual(duplicate(param));
    },
  );

  it('an optional parameter given twice, first copy empty', async () => {
    const target = `${buildUrl('cardListAllByUser', {}).replace('?', '?pageSize=&')}&pageSize=10`;
    expect((await send('cardListAllByUser', target)).body).toEqual(duplicate('pageSize'));
  });

  it('an unknown parameter given twice', async () => {
    const r = await callWallet(server.baseUrl, 'agencyAssetList', {}, { extraQuery: 'foo=1&foo=2' });
    expect(r.body).toEqual(duplicate('foo'));
  });

  it('a name spelled with a percent escape is the same name', async () => {
    const r = await callWallet(
      server.baseUrl,
      'agencyAssetList',
      {},
      { extraQuery: `app%49d=${TEST_AGENCY.appId}` },
    );
    expect(r.body).toEqual(duplicate('appId'));
  });

  it('a duplicate is refused before validation (with a required parameter missing too)', async () => {
    const target = `${buildUrl('userCardList', {}, { drop: 'appUserId' })}&nonce=${freshNonce()}`;
    expect((await send('userCardList', target)).body).toEqual(duplicate('nonce'));
  });
});
