import { describe, it, expect } from 'vitest';
import type { z } from 'zod';
import { buildOpenApiDocument } from '@/lib/wallet/contract/openapi';
import { walletOperations, type WalletOperation } from '@/lib/wallet/contract/operations';

type Json = Record<string, unknown>;
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
  eventList: {
    method: 'post',
    path: '/wallet/api/event/list',
    tag: 'Events and Webhooks',
    required: COMMON,
    optional: ['type', 'pageNum', 'pageSize'],
  },
  eventRedeliver: {
    method: 'post',
    path: '/wallet/api/event/redeliver',
    tag: 'Events and Webhooks',
    required: [...COMMON, 'eventId', 'endpointId'],
    optional: [],
  },
};

const EXTENSIONS = [
  'categoryList',
  'userAssetList',
  'addressList',
  'cardDetail',
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
  'eventList',
  'eventRedeliver',
];
const DATA = 'The result, present when code is 0';

describe('buildOpenApiDocument', () => {
  it('is an OpenAPI 3.1 document titled Wallet API, version 2.0, served from /', () => {
    expect(doc.openapi.startsWith('3.1')).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Wallet API');
    expect(doc.info.version).toBe('2.0');
    expect(doc.info.description).toEqual(expect.stringContaining('HMAC-SHA256'));
    expect(doc.servers.map((s) => s.url)).toEqual(['/']);
    expect(doc.tags.map((t) => t.name)).toEqual([
      'User Management',
      'Card Management',
      'Agency Management',
      'Address Management',
      'Asset Management',
      'Events and Webhooks',
    ]);
  });

  it('is built once', () => {
    expect(buildOpenApiDocument()).toBe(doc);
  });

  it('declares the signature as its security scheme, for every operation', () => {
    expect(doc.security).toEqual([{ walletSignature: [] }]);
    expect(
      (doc.components as unknown as { securitySchemes: Json }).securitySchemes.walletSignature,
    ).toMatchObject({
      type: 'apiKey',
      in: 'query',
      name: 'sign',
    });
  });

  it('survives a JSON round trip unchanged (no functions, no undefined)', () => {
    expect(JSON.parse(JSON.stringify(doc))).toStrictEqual(doc);
  });

  it('has exactly the twenty-eight paths, each with only its method', () => {
    expect(operations).toHaveLength(28);
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

  it('declares the five common parameters once, as required query parameters', () => {
    expect(Object.keys(doc.components.parameters)).toEqual(COMMON);
    for (const name of COMMON) {
      const p = doc.components.parameters[name]!;
      expect(p).toMatchObject({ name, in: 'query', required: true });
    }
    for (const op of operations) {
      const refs = ((operationOf(op).parameters ?? []) as { $ref?: string }[])
        .map((p) => p.$ref)
        .filter(Boolean);
      expect(refs, op.name).toEqual(COMMON.map((n) => `#/components/parameters/${n}`));
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
      const shapeKeys = Object.keys(op.params.shape);
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

  it('marks exactly the nineteen extensions with x-extension: true', () => {
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
    expect([...written].sort()).toEqual([...webhooks].sort());
    expect(operationOf(walletOperations.assetDaily)['x-events']).toBeUndefined();
    expect(operationOf(walletOperations.agencyApplyUserCard)['x-events']).toEqual([
      'card.issued',
      'asset.low_balance',
    ]);
  });

  it('answers 200 with the envelope {code, msg, data?}, 405 with 1004, 429 with 6001 and 500 with 5000', () => {
    for (const op of operations) {
      const responses = operationOf(op).responses as Record<
        string,
        { content: Record<string, { schema: unknown }> }
      >;
      expect(Object.keys(responses).sort(), op.name).toEqual(['200', '405', '429', '500']);
      const refusal = (status: string) =>
        resolve<Json & { properties: Record<string, Json> }>(
          responses[status]!.content['application/json']!.schema,
        );
      expect(refusal('405').properties.code).toMatchObject({ type: 'integer', const: 1004 });
      expect(refusal('429').properties.code).toMatchObject({ type: 'integer', const: 6001 });
      const headers = (status: string) =>
        (responses[status] as unknown as { headers: Record<string, unknown> }).headers;
      expect(Object.keys(headers('405'))).toEqual(['Allow']);
      expect(Object.keys(headers('429'))).toEqual(['Retry-After']);
      const ok = resolve<Json & { properties: Record<string, Json>; required: string[] }>(
        responses['200']!.content['application/json']!.schema,
      );
      expect(Object.keys(responses['200']!.content)).toEqual(['application/json']);
      expect(ok.type).toBe('object');
      expect(Object.keys(ok.properties)).toEqual(['code', 'msg', 'data']);
      expect(ok.properties.code!.type).toBe('integer');
      expect(ok.properties.msg!.type).toBe('string');
      expect(ok.required).toEqual(['code', 'msg']);

      const failed = resolve<Json & { properties: Record<string, Json>; required: string[] }>(
        responses['500']!.content['application/json']!.schema,
      );
      expect(failed.properties.code).toMatchObject({ type: 'integer', const: 5000 });
      expect(failed.properties.msg!.type).toBe('string');
      expect(failed.required).toEqual(['code', 'msg']);
    }
  });

  it('gives 4.1 the registered user of spec 2.2: six fields, all required', () => {
    const responses = operationOf(walletOperations.registerAndKyc).responses as Record<
      string,
      { content: Record<string, { schema: { properties: { data: unknown } } }> }
    >;
    const envelope = resolve<{ properties: { data: unknown } }>(
      responses['200']!.content['application/json']!.schema,
    );
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
    const dataOf = (op: WalletOperation) => {
      const responses = operationOf(op).responses as Record<
        string,
        { content: Record<string, { schema: { properties: { data: unknown } } }> }
      >;
      return resolve<Json>(
        resolve<{ properties: { data: unknown } }>(responses['200']!.content['application/json']!.schema)
          .properties.data,
      );
    };
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
        'MethodNotAllowed',
        'RateLimited',
        'RegisteredUser',
        'UserCardSummary',
        'UserWithCards',
        'UsersWithCardsPage',
      ].sort(),
    );
  });
});
