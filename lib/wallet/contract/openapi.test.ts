import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';
import { walletOperations, type WalletOperation } from '@/lib/wallet/contract/operations';

type Json = Record<string, unknown>;
type JsonSchema = Json & { properties: Record<string, JsonSchema>; required?: string[] };
type Media = { schema: JsonSchema; example?: unknown; examples?: unknown };
type WebhookItem = {
  post: Json & {
    description: string;
    parameters: { name: string; in: string; required?: boolean }[];
    requestBody: { content: Record<string, Media> };
    responses: Record<string, { content: Record<string, Media> }>;
  };
};
type Parameter = { name: string; in: string; required?: boolean; description?: string; schema: Json };

const doc = buildOpenApiDocument() as Json & {
  openapi: string;
  info: Json;
  servers: Json[];
  tags: { name: string }[];
  paths: Record<string, Record<string, Json>>;
  components: { parameters: Record<string, Parameter>; schemas: Record<string, Json> };
};

const operations = Object.values(walletOperations) as WalletOperation[];

/** Follows a local `$ref` ("#/components/...") to its target. */
function resolve<T>(node: unknown): T {
  const ref = (node as { $ref?: string }).$ref;
  if (ref === undefined) return node as T;
  expect(ref.startsWith('#/')).toBe(true);
  let target: unknown = doc;
  for (const part of ref.slice(2).split('/')) target = (target as Json)[part];
  expect(target, `unresolved ${ref}`).toBeDefined();
  return resolve<T>(target);
}

function operationOf(op: WalletOperation): Json {
  const item = doc.paths[op.path];
  expect(item, op.path).toBeDefined();
  const operation = item![op.method.toLowerCase()];
  expect(operation, `${op.method} ${op.path}`).toBeDefined();
  return operation!;
}

function parametersOf(op: WalletOperation): Parameter[] {
  return ((operationOf(op).parameters ?? []) as unknown[]).map((p) => resolve<Parameter>(p));
}

/** Required = neither optional nor defaulted in the zod shape. */
function requiredKeys(params: z.ZodObject): string[] {
  return Object.entries(params.shape as Record<string, z.ZodType>)
    .filter(([, schema]) => !['optional', 'default'].includes(schema.def.type))
    .map(([name]) => name);
}

const COMMON = ['agencyCode', 'appId', 'timestamp', 'nonce', 'sign'];

// docs/wallet-api.md "Operations" and spec §4.1, written out so that the contracts are checked
// against them too.
const EXPECTED: Record<
  string,
  { method: string; path: string; tag: string; required: string[]; optional: string[] }
> = {
  registerAndKyc: {
    method: 'post',
    path: '/wallet/api/user/registerAndKyc',
    tag: 'User Management',
    required: [
      ...COMMON,
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
    optional: [
      'documentExpiryDate',
      'gender',
      'annualIncome',
      'occupation',
      'position',
      'detailedAddress',
      'cardUUID',
      'supportDocumentType',
      'supportDocumentUrl',
      'requestId',
    ],
  },
  cardListAllByUser: {
    method: 'post',
    path: '/wallet/api/cardList/allByUser',
    tag: 'Card Management',
    required: COMMON,
    optional: ['appUserId', 'email', 'pageNum', 'pageSize', 'withCards'],
  },
  agencyApplyUserCard: {
    method: 'post',
    path: '/wallet/api/agency/applyUserCard',
    tag: 'Agency Management',
    required: [...COMMON, 'appUserId', 'paymentAssetId', 'categoryId', 'embossedName'],
    optional: ['needDelivery', 'addressId', 'cardNumber', 'cardImageUrl', 'requestId'],
  },
  userApplyCard: {
    method: 'post',
    path: '/wallet/api/user/applyCard',
    tag: 'User Management',
    required: [...COMMON, 'appUserId', 'paymentAssetId', 'categoryId', 'embossedName'],
    optional: ['needDelivery', 'addressId', 'cardNumber', 'cardImageUrl', 'requestId'],
  },
  agencyAssetList: {
    method: 'post',
    path: '/wallet/api/agency/assetList',
    tag: 'Agency Management',
    required: COMMON,
    optional: [],
  },
  userCardList: {
    method: 'get',
    path: '/wallet/api/user/cardList',
    tag: 'Card Management',
    required: [...COMMON, 'appUserId'],
    optional: [],
  },
  addAddress: {
    method: 'post',
    path: '/wallet/api/address/add',
    tag: 'Address Management',
    required: [...COMMON, 'appUserId', 'country', 'city', 'street', 'firstName', 'lastName', 'mobile'],
    optional: ['province', 'postalCode', 'detailedAddress', 'isDefault', 'requestId'],
  },
  categoryList: {
    method: 'post',
    path: '/wallet/api/card/categoryList',
    tag: 'Card Management',
    required: COMMON,
    optional: [],
  },
  userAssetList: {
    method: 'post',
    path: '/wallet/api/user/assetList',
    tag: 'Asset Management',
    required: [...COMMON, 'appUserId'],
    optional: [],
  },
  addressList: {
    method: 'post',
    path: '/wallet/api/address/list',
    tag: 'Address Management',
    required: [...COMMON, 'appUserId'],
    optional: [],
  },
  // docs/wallet-api.md "The card programme after issuance".
  cardDetail: {
    method: 'post',
    path: '/wallet/api/card/detail',
    tag: 'Card Management',
    required: [...COMMON, 'appUserId', 'cardId'],
    optional: [],
  },
  cardActivate: {
    method: 'post',
    path: '/wallet/api/card/activate',
    tag: 'Card Management',
    required: [...COMMON, 'appUserId', 'cardId'],
    optional: ['requestId'],
  },
  cardLock: {
    method: 'post',
    path: '/wallet/api/card/lock',
    tag: 'Card Management',
    required: [...COMMON, 'appUserId', 'cardId', 'reason'],
    optional: ['requestId'],
  },
  cardUnlock: {
    method: 'post',
    path: '/wallet/api/card/unlock',
    tag: 'Card Management',
    required: [...COMMON, 'appUserId', 'cardId'],
    optional: ['requestId'],
  },
  cardCancel: {
    method: 'post',
    path: '/wallet/api/card/cancel',
    tag: 'Card Management',
    required: [...COMMON, 'appUserId', 'cardId', 'reason'],
    optional: ['requestId'],
  },
  cardReplace: {
    method: 'post',
    path: '/wallet/api/card/replace',
    tag: 'Card Management',
    required: [...COMMON, 'appUserId', 'cardId', 'reason'],
    optional: ['paymentAssetId', 'needDelivery', 'addressId', 'requestId'],
  },
  assetTransfer: {
    method: 'post',
    path: '/wallet/api/asset/transfer',
    tag: 'Asset Management',
    required: [...COMMON, 'fromAssetId', 'toAssetId', 'amount'],
    optional: ['requestId'],
  },
  assetLedger: {
    method: 'post',
    path: '/wallet/api/asset/ledger',
    tag: 'Asset Management',
    required: [...COMMON, 'assetId'],
    optional: ['pageNum', 'pageSize', 'type'],
  },
  cardList: {
    method: 'post',
    path: '/wallet/api/card/list',
    tag: 'Card Management',
    required: COMMON,
    optional: [
      'status',
      'type',
      'last4',
      'issuedFrom',
      'issuedTo',
      'appUserId',
      'sort',
      'cursor',
      'pageSize',
    ],
  },
  assetDaily: {
    method: 'post',
    path: '/wallet/api/asset/daily',
    tag: 'Asset Management',
    required: [...COMMON, 'assetId'],
    optional: ['days'],
  },
  addressUpdate: {
    method: 'post',
    path: '/wallet/api/address/update',
    tag: 'Address Management',
    required: [...COMMON, 'appUserId', 'addressId'],
    optional: [
      'country',
      'city',
      'street',
      'firstName',
      'lastName',
      'mobile',
      'province',
      'postalCode',
      'detailedAddress',
      'isDefault',
      'requestId',
    ],
  },
  addressDelete: {
    method: 'post',
    path: '/wallet/api/address/delete',
    tag: 'Address Management',
    required: [...COMMON, 'appUserId', 'addressId'],
    optional: ['requestId'],
  },
  userSearch: {
    method: 'post',
    path: '/wallet/api/user/search',
    tag: 'User Management',
    required: [...COMMON, 'q'],
    optional: ['pageSize'],
  },
  userDetail: {
    method: 'post',
    path: '/wallet/api/user/detail',
    tag: 'User Management',
    required: [...COMMON, 'appUserId'],
    optional: [],
  },
  webhookAdd: {
    method: 'post',
    path: '/wallet/api/webhook/add',
    tag: 'Events and Webhooks',
    required: [...COMMON, 'url', 'events'],
    optional: ['description'],
  },
  webhookList: {
    method: 'post',
    path: '/wallet/api/webhook/list',
    tag: 'Events and Webhooks',
    required: COMMON,
    optional: [],
  },
  webhookDelete: {
    method: 'post',
    path: '/wallet/api/webhook/delete',
    tag: 'Events and Webhooks',
    required: [...COMMON, 'endpointId'],
    optional: ['requestId'],
  },
  webhookRotateSecret: {
    method: 'post',
    path: '/wallet/api/webhook/rotateSecret',
    tag: 'Events and Webhooks',
    required: [...COMMON, 'endpointId'],
    optional: [],
  },
  eventList: {
    method: 'post',
    path: '/wallet/api/event/list',
    tag: 'Events and Webhooks',
    required: COMMON,
    optional: ['type', 'pageNum', 'pageSize', 'cursor', 'cardId'],
  },
  eventRedeliver: {
    method: 'post',
    path: '/wallet/api/event/redeliver',
    tag: 'Events and Webhooks',
    required: [...COMMON, 'eventId', 'endpointId'],
    optional: [],
  },
  webhookTest: {
    method: 'post',
    path: '/wallet/api/webhook/test',
    tag: 'Events and Webhooks',
    required: [...COMMON, 'endpointId'],
    optional: [],
  },
  simulateAuthorize: {
    method: 'post',
    path: '/wallet/api/simulate/authorize',
    tag: 'Card Spending',
    required: [...COMMON, 'cardId', 'amount', 'merchantName', 'mcc', 'merchantCountry'],
    optional: ['currency', 'cvv', 'expiry', 'requestId'],
  },
  simulateClear: {
    method: 'post',
    path: '/wallet/api/simulate/clear',
    tag: 'Card Spending',
    required: [...COMMON, 'authorizationId'],
    optional: ['amount', 'requestId'],
  },
  simulateReverse: {
    method: 'post',
    path: '/wallet/api/simulate/reverse',
    tag: 'Card Spending',
    required: [...COMMON, 'authorizationId'],
    optional: ['amount', 'requestId'],
  },
  simulateRefund: {
    method: 'post',
    path: '/wallet/api/simulate/refund',
    tag: 'Card Spending',
    required: [...COMMON, 'transactionId'],
    optional: ['amount', 'requestId'],
  },
  cardAuthorizations: {
    method: 'post',
    path: '/wallet/api/card/authorizations',
    tag: 'Card Spending',
    required: [...COMMON, 'appUserId', 'cardId'],
    optional: ['status', 'pageSize', 'cursor'],
  },
  authorizationList: {
    method: 'post',
    path: '/wallet/api/authorization/list',
    tag: 'Card Spending',
    required: COMMON,
    optional: ['status', 'declineReason', 'appUserId', 'from', 'to', 'pageSize', 'cursor'],
  },
  authorizationSummary: {
    method: 'post',
    path: '/wallet/api/authorization/summary',
    tag: 'Card Spending',
    required: COMMON,
    optional: ['status', 'declineReason', 'appUserId', 'from', 'to'],
  },
  authorizationDetail: {
    method: 'post',
    path: '/wallet/api/authorization/detail',
    tag: 'Card Spending',
    required: [...COMMON, 'authorizationId'],
    optional: [],
  },
  cardControls: {
    method: 'post',
    path: '/wallet/api/card/controls',
    tag: 'Card Spending',
    required: [...COMMON, 'appUserId', 'cardId'],
    optional: [],
  },
  cardControlsSet: {
    method: 'post',
    path: '/wallet/api/card/controls/set',
    tag: 'Card Spending',
    required: [...COMMON, 'appUserId', 'cardId'],
    optional: [
      'perTransaction',
      'daily',
      'monthly',
      'allTime',
      'blockedMcc',
      'blockedCountries',
      'requestId',
    ],
  },
  decisionSet: {
    method: 'post',
    path: '/wallet/api/decision/set',
    tag: 'Card Spending',
    required: COMMON,
    optional: ['url', 'fallback', 'timeoutMs', 'rotateSecret'],
  },
  decisionGet: {
    method: 'post',
    path: '/wallet/api/decision/get',
    tag: 'Card Spending',
    required: COMMON,
    optional: [],
  },
  depositAddress: {
    method: 'post',
    path: '/wallet/api/deposit/address',
    tag: 'Deposit',
    required: [...COMMON, 'appUserId', 'chain'],
    optional: [],
  },
  simulateDeposit: {
    method: 'post',
    path: '/wallet/api/simulate/deposit',
    tag: 'Deposit',
    required: [...COMMON, 'chain', 'address', 'txHash', 'amount', 'fromAddress'],
    optional: ['logIndex', 'confirmations'],
  },
  simulateConfirm: {
    method: 'post',
    path: '/wallet/api/simulate/confirm',
    tag: 'Deposit',
    required: [...COMMON, 'depositId', 'confirmations'],
    optional: [],
  },
  depositList: {
    method: 'post',
    path: '/wallet/api/deposit/list',
    tag: 'Deposit',
    required: COMMON,
    optional: ['appUserId', 'status', 'pageSize', 'cursor'],
  },
  depositRelease: {
    method: 'post',
    path: '/wallet/api/deposit/release',
    tag: 'Deposit',
    required: [...COMMON, 'depositId', 'decision', 'note'],
    optional: ['requestId', 'approval'],
  },
  kytRules: {
    method: 'post',
    path: '/wallet/api/kyt/rules',
    tag: 'KYT',
    required: COMMON,
    optional: [],
  },
  kytRulesSet: {
    method: 'post',
    path: '/wallet/api/kyt/rules/set',
    tag: 'KYT',
    required: COMMON,
    optional: ['blockedAddresses', 'reviewAddresses', 'reviewAmount', 'severeAmount', 'apiRelease'],
  },
  disputeCreate: {
    method: 'post',
    path: '/wallet/api/dispute/create',
    tag: 'Disputes',
    required: [...COMMON, 'transactionId', 'reason'],
    optional: ['amount', 'explanation', 'requestId'],
  },
  disputeSubmit: {
    method: 'post',
    path: '/wallet/api/dispute/submit',
    tag: 'Disputes',
    required: [...COMMON, 'disputeId', 'evidence'],
    optional: ['requestId'],
  },
  disputeWithdraw: {
    method: 'post',
    path: '/wallet/api/dispute/withdraw',
    tag: 'Disputes',
    required: [...COMMON, 'disputeId'],
    optional: ['requestId'],
  },
  disputeDetail: {
    method: 'post',
    path: '/wallet/api/dispute/detail',
    tag: 'Disputes',
    required: [...COMMON, 'disputeId'],
    optional: [],
  },
  disputeList: {
    method: 'post',
    path: '/wallet/api/dispute/list',
    tag: 'Disputes',
    required: COMMON,
    optional: ['status', 'reason', 'appUserId', 'cardId', 'from', 'to', 'pageSize', 'cursor'],
  },
  simulateDisputeOutcome: {
    method: 'post',
    path: '/wallet/api/simulate/disputeOutcome',
    tag: 'Disputes',
    required: [...COMMON, 'disputeId', 'outcome'],
    optional: ['requestId'],
  },
  cardDetailsLink: {
    method: 'post',
    path: '/wallet/api/card/detailsLink',
    tag: 'Cardholder',
    required: [...COMMON, 'appUserId', 'cardId'],
    optional: ['requestId'],
  },
  appCardViewOrigins: {
    method: 'post',
    path: '/wallet/api/app/cardViewOrigins',
    tag: 'Cardholder',
    required: COMMON,
    optional: [],
  },
  appCardViewOriginsSet: {
    method: 'post',
    path: '/wallet/api/app/cardViewOrigins/set',
    tag: 'Cardholder',
    required: COMMON,
    optional: ['origins', 'requestId'],
  },
  userWalletTokenRotate: {
    method: 'post',
    path: '/wallet/api/user/walletToken/rotate',
    tag: 'Cardholder',
    required: [...COMMON, 'appUserId'],
    optional: ['requestId'],
  },
  // The cardholder's operations: the walletToken is their bearer, no signature.
  meCards: { method: 'get', path: '/wallet/api/me/cards', tag: 'Cardholder', required: [], optional: [] },
  meCardAuthorizations: {
    method: 'get',
    path: '/wallet/api/me/card/authorizations',
    tag: 'Cardholder',
    required: ['cardId'],
    optional: ['pageSize', 'cursor'],
  },
  meCardFreeze: {
    method: 'post',
    path: '/wallet/api/me/card/freeze',
    tag: 'Cardholder',
    required: ['cardId'],
    optional: ['requestId'],
  },
  meCardUnfreeze: {
    method: 'post',
    path: '/wallet/api/me/card/unfreeze',
    tag: 'Cardholder',
    required: ['cardId'],
    optional: ['requestId'],
  },
  meCardDetailsLink: {
    method: 'post',
    path: '/wallet/api/me/card/detailsLink',
    tag: 'Cardholder',
    required: ['cardId'],
    optional: ['requestId'],
  },
  simulateExpireCard: {
    method: 'post',
    path: '/wallet/api/simulate/expireCard',
    tag: 'Card Spending',
    required: [...COMMON, 'cardId'],
    optional: ['requestId'],
  },
  disputeSummary: {
    method: 'post',
    path: '/wallet/api/dispute/summary',
    tag: 'Disputes',
    required: COMMON,
    optional: ['dueWithinDays'],
  },
};

const EXTENSIONS = [
  'categoryList',
  'userAssetList',
  'addressList',
  'cardDetail',
  'cardList',
  'cardActivate',
  'cardLock',
  'cardUnlock',
  'cardCancel',
  'cardReplace',
  'assetTransfer',
  'assetLedger',
  'assetDaily',
  'addressUpdate',
  'addressDelete',
  'userSearch',
  'userDetail',
  'webhookAdd',
  'webhookList',
  'webhookDelete',
  'webhookRotateSecret',
  'eventList',
  'eventRedeliver',
  'webhookTest',
  'simulateAuthorize',
  'simulateClear',
  'simulateReverse',
  'simulateRefund',
  'cardAuthorizations',
  'authorizationList',
  'authorizationSummary',
  'authorizationDetail',
  'cardControls',
  'cardControlsSet',
  'decisionSet',
  'decisionGet',
  'depositAddress',
  'simulateDeposit',
  'simulateConfirm',
  'depositList',
  'depositRelease',
  'kytRules',
  'kytRulesSet',
  'disputeCreate',
  'disputeSubmit',
  'disputeWithdraw',
  'disputeDetail',
  'disputeList',
  'simulateDisputeOutcome',
  'cardDetailsLink',
  'appCardViewOrigins',
  'appCardViewOriginsSet',
  'userWalletTokenRotate',
  'meCards',
  'meCardAuthorizations',
  'meCardFreeze',
  'meCardUnfreeze',
  'meCardDetailsLink',
  'simulateExpireCard',
  'disputeSummary',
];
const DATA = 'The result';

type ObjectSchema = Json & { properties: Record<string, Json>; required: string[] };

/** The two shapes of an operation's HTTP 200 reply: [success, failure]. */
function replyOf(op: WalletOperation): [ObjectSchema, ObjectSchema] {
  const responses = operationOf(op).responses as Record<
    string,
    { content: Record<string, { schema: Json }> }
  >;
  const schema = responses['200']!.content['application/json']!.schema;
  expect(Object.keys(schema), op.name).toEqual(['oneOf']);
  const [ok, failure] = (schema.oneOf as unknown[]).map((s) => resolve<ObjectSchema>(s));
  return [ok!, failure!];
}

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document titled Wallet API, version 2.2 (the header one), served from /', () => {
    expect(doc.openapi.startsWith('3.1')).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Wallet API');
    expect(doc.info.version).toBe('2.3');
    expect(doc.info.description).toEqual(expect.stringContaining('HMAC-SHA256'));
    expect(doc.servers.map((s) => s.url)).toEqual(['/']);
    expect(doc.tags.map((t) => t.name)).toEqual([
      'User Management',
      'Card Management',
      'Agency Management',
      'Address Management',
      'Asset Management',
      'Events and Webhooks',
      'Card Spending',
      'Deposit',
      'KYT',
      'Disputes',
      'Cardholder',
    ]);
  });

  it('is built once', () => {
    expect(buildOpenApiDocument()).toBe(doc);
  });

  it("declares the five signing parameters as security schemes, required together for every signed operation, and the walletToken as the bearer of the cardholder's", () => {
    expect(doc.security).toEqual([{ agencyCode: [], appId: [], timestamp: [], nonce: [], sign: [] }]);
    const schemes = (doc.components as unknown as { securitySchemes: Record<string, Json> }).securitySchemes;
    expect(Object.keys(schemes)).toEqual([...COMMON, 'walletToken']);
    for (const name of COMMON) {
      expect(schemes[name]).toMatchObject({ type: 'apiKey', in: 'query', name });
    }
    expect(schemes.walletToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const op of operations) {
      expect(operationOf(op).security, op.name).toEqual(
        op.auth === 'walletToken' ? [{ walletToken: [] }] : undefined,
      );
    }
  });

  it('survives a JSON round trip unchanged (no functions, no undefined)', () => {
    expect(JSON.parse(JSON.stringify(doc))).toStrictEqual(doc);
  });

  it('has exactly the sixty-seven paths, each with only its method', () => {
    expect(operations).toHaveLength(67);
    expect(Object.keys(doc.paths).sort()).toEqual(
      Object.values(EXPECTED)
        .map((e) => e.path)
        .sort(),
    );
    for (const [name, expected] of Object.entries(EXPECTED)) {
      expect(Object.keys(doc.paths[expected.path]!), name).toEqual([expected.method]);
      const operation = doc.paths[expected.path]![expected.method]!;
      expect(operation.operationId).toBe(name);
      expect(operation.tags).toEqual([expected.tag]);
      expect(typeof operation.summary).toBe('string');
      expect(operation.requestBody).toBeUndefined();
    }
    for (const op of operations) {
      expect(EXPECTED[op.name]?.path).toBe(op.path);
      expect(EXPECTED[op.name]?.method).toBe(op.method.toLowerCase());
    }
  });

  it('never lists a signing parameter as a parameter of an operation (a client sends them once, in its middleware)', () => {
    expect(doc.components.parameters).toBeUndefined();
    for (const op of operations) {
      const names = parametersOf(op).map((p) => p.name);
      for (const name of COMMON) expect(names, op.name).not.toContain(name);
    }
  });

  it('matches the expected required and optional parameters (docs/wallet-api.md "Operations")', () => {
    for (const op of operations) {
      const expected = EXPECTED[op.name]!;
      expect(requiredKeys(op.params), op.name).toEqual(expected.required);
      expect(Object.keys(op.params.shape), op.name).toEqual([...expected.required, ...expected.optional]);
    }
  });

  it('lists every parameter of the zod shape in the query, required exactly when the schema requires it', () => {
    for (const op of operations) {
      const params = parametersOf(op);
      const shapeKeys = Object.keys(op.params.shape).filter((name) => !COMMON.includes(name));
      expect(
        params.map((p) => p.name),
        op.name,
      ).toEqual(shapeKeys);
      const required = requiredKeys(op.params);
      for (const p of params) {
        expect(p.in, `${op.name}.${p.name}`).toBe('query');
        expect(p.schema, `${op.name}.${p.name}`).toBeTypeOf('object');
        expect(typeof p.description, `${op.name}.${p.name}`).toBe('string');
        if (required.includes(p.name)) {
          expect(p.required, `${op.name}.${p.name}`).toBe(true);
        } else {
          expect(p.required === undefined || p.required === false, `${op.name}.${p.name}`).toBe(true);
        }
      }
    }
  });

  it('states the rule of a parameter from its zod messages, and the defaults', () => {
    const apply = parametersOf(walletOperations.agencyApplyUserCard);
    expect(apply.find((p) => p.name === 'embossedName')!.description).toBe(
      'Name embossed on the card. Rule: embossedName must be 1-20 upper-case letters A-Z with single spaces between words.',
    );
    expect(apply.find((p) => p.name === 'needDelivery')!.schema.default).toBe(false);
    const page = parametersOf(walletOperations.cardListAllByUser);
    expect(page.find((p) => p.name === 'pageNum')!.schema.default).toBe(1);
    expect(page.find((p) => p.name === 'pageSize')!.schema.default).toBe(20);
    expect(page.find((p) => p.name === 'pageSize')!.description).toBe(
      'Users per page. Rule: pageSize must be a whole number; must be at least 1; must be at most 100. Default: 20.',
    );
    const address = parametersOf(walletOperations.addAddress);
    expect(address.find((p) => p.name === 'isDefault')!.schema.default).toBe(false);
  });

  it('marks exactly the fifty-nine extensions with x-extension: true', () => {
    for (const op of operations) {
      const operation = operationOf(op);
      if (EXTENSIONS.includes(op.name)) {
        expect(operation['x-extension'], op.name).toBe(true);
        expect(String(operation.description).startsWith('Extension (not in the spec).'), op.name).toBe(true);
      } else {
        expect(operation['x-extension'], op.name).toBeUndefined();
        expect(String(operation.description).startsWith(`Spec §${op.section}.`), op.name).toBe(true);
      }
    }
    expect(operations.filter((op) => op.extension).map((op) => op.name)).toEqual(EXTENSIONS);
  });

  it('names the events an operation writes (x-events), each one of the webhooks, and every webhook written by one', () => {
    const webhooks = Object.keys(doc.webhooks as Json);
    const written = new Set<string>();
    for (const op of operations) {
      const events = operationOf(op)['x-events'];
      if (op.events.length === 0) {
        expect(events, op.name).toBeUndefined();
        continue;
      }
      expect(events, op.name).toEqual([...op.events]);
      for (const type of op.events) {
        expect(webhooks, `${op.name}: ${type}`).toContain(type);
        written.add(type);
      }
    }
    // authorization.expired and dispute.expired are written by the expiry workers, not by an
    // operation, and card.details_viewed by the card-details page; decision is the agency's
    // decision request, no event.
    expect(
      [...written, 'authorization.expired', 'card.details_viewed', 'dispute.expired', 'decision'].sort(),
    ).toEqual([...webhooks].sort());
    expect(operationOf(walletOperations.assetDaily)['x-events']).toBeUndefined();
    expect(operationOf(walletOperations.agencyApplyUserCard)['x-events']).toEqual([
      'card.issued',
      'asset.low_balance',
    ]);
  });

  it("describes the agency's decision request as the webhook `decision`: its body, its three headers and the answer that decides", () => {
    const post = (doc.webhooks as Record<string, WebhookItem>).decision!.post;
    expect(post.operationId).toBe('decision.request');
    expect(post.tags).toEqual(['Card Spending']);
    const body = post.requestBody.content['application/json']!;
    expect(Object.keys(body.schema.properties)).toEqual([
      'authorizationId',
      'cardId',
      'appUserId',
      'amount',
      'currency',
      'merchant',
      'availableBalance',
      'createdAt',
    ]);
    expect(body.schema.required).toEqual(Object.keys(body.schema.properties));
    expect(Object.keys(body.schema.properties.merchant!.properties)).toEqual(['name', 'mcc', 'country']);
    expect(body.example).toMatchObject({ authorizationId: expect.any(Number), merchant: expect.any(Object) });
    expect(post.parameters.map((p) => [p.name, p.in, p.required ?? false])).toEqual([
      ['Wallet-Timestamp', 'header', true],
      ['Wallet-Signature', 'header', true],
      ['Wallet-Signature-Previous', 'header', false],
    ]);
    const answer = post.responses['200']!.content['application/json']!;
    expect(answer.schema.required).toEqual(['approved']);
    expect(answer.schema.properties.reason).toMatchObject({ type: 'string', maxLength: 200 });
    expect(answer.examples).toEqual({
      approve: { value: { approved: true } },
      decline: { value: { approved: false, reason: 'Merchant not allowed by our policy' } },
    });
    for (const words of [
      '"approved": true',
      '"approved": false',
      'AGENCY_DECLINED',
      'agencyReason',
      'fallback',
    ])
      expect(post.description).toContain(words);
  });

  it('describes the ping event webhook/test sends: data {endpointId}', () => {
    const post = (doc.webhooks as Record<string, WebhookItem>).ping!.post;
    const schema = post.requestBody.content['application/json']!.schema;
    expect(schema.properties.type).toEqual({ type: 'string', const: 'ping' });
    expect(schema.properties.data!.required).toEqual(['endpointId']);
    expect(operationOf(walletOperations.webhookTest)['x-events']).toEqual(['ping']);
  });

  const refusalCode = (response: { content: Record<string, { schema: unknown }> }) =>
    resolve<Json & { properties: Record<string, Json> }>(response.content['application/json']!.schema)
      .properties.code;

  it('answers 200 with success or failure (oneOf), 405 with 1004, 429 with 6001, 500 with 5000 and 503 with 5001', () => {
    for (const op of operations) {
      const responses = operationOf(op).responses as Record<
        string,
        { content: Record<string, { schema: unknown }> }
      >;
      // simulate/* answers 404 (1005) on a live instance (docs/card-spending.md "Sandbox and live");
      // me/* 401 (2005) without a walletToken that names a user.
      expect(Object.keys(responses).sort(), op.name).toEqual([
        '200',
        ...(op.auth === 'walletToken' ? ['401'] : []),
        ...(op.sandbox ? ['404'] : []),
        '405',
        '429',
        '500',
        '503',
      ]);
      if (op.auth === 'walletToken')
        expect(refusalCode(responses['401']!), op.name).toMatchObject({ const: 2005 });
      if (op.sandbox) expect(refusalCode(responses['404']!), op.name).toMatchObject({ const: 1005 });
      const refusal = (status: string) =>
        resolve<Json & { properties: Record<string, Json> }>(
          responses[status]!.content['application/json']!.schema,
        );
      expect(refusal('405').properties.code).toMatchObject({ type: 'integer', const: 1004 });
      expect(refusal('429').properties.code).toMatchObject({ type: 'integer', const: 6001 });
      expect(refusal('503').properties.code).toMatchObject({ type: 'integer', const: 5001 });
      const headers = (status: string) =>
        (responses[status] as unknown as { headers: Record<string, unknown> }).headers;
      expect(Object.keys(headers('405'))).toEqual(['Allow', 'Wallet-Api-Version', 'Wallet-Mode']);
      expect(Object.keys(headers('429'))).toEqual(['Retry-After', 'Wallet-Api-Version', 'Wallet-Mode']);
      expect(Object.keys(headers('503'))).toEqual(['Retry-After', 'Wallet-Api-Version', 'Wallet-Mode']);
      expect(Object.keys(headers('200'))).toEqual(
        'requestId' in op.params.shape
          ? ['Wallet-Api-Version', 'Wallet-Mode', 'Idempotent-Replayed']
          : ['Wallet-Api-Version', 'Wallet-Mode'],
      );
      expect(Object.keys(headers('500'))).toEqual(['Wallet-Api-Version', 'Wallet-Mode']);
      expect(Object.keys(responses['200']!.content)).toEqual(['application/json']);
      const [ok, failure] = replyOf(op);
      expect(ok.type).toBe('object');
      expect(Object.keys(ok.properties)).toEqual(['code', 'msg', 'data']);
      expect(ok.properties.code).toMatchObject({ type: 'integer', const: 0 });
      expect(ok.properties.msg).toMatchObject({ type: 'string', const: 'success' });
      expect(ok.required).toEqual(['code', 'msg', 'data']);
      expect(Object.keys(failure.properties)).toEqual(['code', 'msg', 'data']);
      expect(failure.properties.code!.type).toBe('integer');
      const signature = op.auth === 'walletToken' ? [] : [2001, 2002, 2003, 2004];
      expect(failure.properties.code!.enum).toEqual(
        [...new Set([1001, 1002, 1003, ...signature, ...op.codes.filter((c) => c !== 2005)])].sort(
          (a, b) => a - b,
        ),
      );
      expect(failure.properties.data).toEqual({ $ref: '#/components/schemas/FieldError' });
      expect(failure.required).toEqual(['code', 'msg']);

      const failed = resolve<Json & { properties: Record<string, Json>; required: string[] }>(
        responses['500']!.content['application/json']!.schema,
      );
      expect(failed.properties.code).toMatchObject({ type: 'integer', const: 5000 });
      expect(failed.properties.msg!.type).toBe('string');
      expect(failed.required).toEqual(['code', 'msg']);
    }
  });

  it('gives 4.1 the registered user of spec 2.2: six fields, all required', () => {
    const [envelope] = replyOf(walletOperations.registerAndKyc);
    const data = resolve<{ type: string; properties: Record<string, Json>; required: string[] }>(
      envelope.properties.data,
    );
    const fields = ['agencyCode', 'appId', 'appUserId', 'email', 'walletAccountType', 'walletToken'];
    expect(data.type).toBe('object');
    expect(Object.keys(data.properties)).toEqual(fields);
    expect([...data.required].sort()).toEqual([...fields].sort());
    expect(data.properties.walletAccountType).toEqual({ type: 'string', enum: ['CORPORATE', 'STANDARD'] });
  });

  it('shapes list results as arrays of their item schema', () => {
    const dataOf = (op: WalletOperation) => resolve<Json>(replyOf(op)[0].properties.data);
    expect(dataOf(walletOperations.agencyAssetList)).toEqual({
      description: DATA,
      type: 'array',
      items: { $ref: '#/components/schemas/Asset' },
    });
    expect(dataOf(walletOperations.userAssetList)).toEqual({
      description: DATA,
      type: 'array',
      items: { $ref: '#/components/schemas/Asset' },
    });
    expect(dataOf(walletOperations.userCardList)).toEqual({
      description: DATA,
      type: 'array',
      items: { $ref: '#/components/schemas/UserCardSummary' },
    });
    expect(dataOf(walletOperations.categoryList)).toEqual({
      description: DATA,
      type: 'array',
      items: { $ref: '#/components/schemas/CardCategory' },
    });
    expect(dataOf(walletOperations.addressList)).toEqual({
      description: DATA,
      type: 'array',
      items: { $ref: '#/components/schemas/Address' },
    });
    const page = dataOf(walletOperations.cardListAllByUser) as {
      properties: Record<string, Json>;
      required: string[];
    };
    expect(Object.keys(page.properties)).toEqual(['dataTotal', 'haveNext', 'list']);
  });

  it('has only resolvable references, and no leftover input/output duplicates', () => {
    const refs = JSON.stringify(doc).match(/"\$ref":"[^"]+"/g) ?? [];
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of new Set(refs)) resolve({ $ref: JSON.parse(ref.slice('"$ref":'.length)) as string });
    expect(Object.keys(doc.components.schemas).sort()).toEqual(
      [
        'Address',
        'AddressCreated',
        'Asset',
        'CardApplication',
        'CardCategory',
        'CardRecord',
        'InternalError',
        'FieldError',
        'ManagedCard',
        'CardDetail',
        'CardStatusChange',
        'Transfer',
        'LedgerEntry',
        'LedgerPage',
        'AssetDay',
        'AssetDaily',
        'AddressDeleted',
        'UserSearchResult',
        'WebhookEndpoint',
        'WebhookCreated',
        'Delivery',
        'EventPage',
        'Authorization',
        'AuthorizationPage',
        'Refund',
        'CardControls',
        'DecisionEndpoint',
        'MethodNotAllowed',
        'NotServed',
        'RateLimited',
        'DatabaseAway',
        'RegisteredUser',
        'UserCardSummary',
        'UserWithCards',
        'UsersWithCardsPage',
      ].sort(),
    );
  });
});
