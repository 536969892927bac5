// The OpenAPI document tells the truth (docs/wallet-api.md "The OpenAPI document"): an outside
// validator accepts it; every operation states the result codes it may answer with their meanings;
// every parameter's example passes the server's own schema and the document's; the document is
// no looser than the server on the rules the issue found loose (paging bounds, dates, URLs,
// amounts, q, events, countries); every reply's example matches the reply's schema.
import { describe, it, expect, beforeAll } from 'vitest';
import { validate, dereference } from '@readme/openapi-parser';
import Ajv2020 from 'ajv/dist/2020';
import type { z } from 'zod';
import { buildOpenApiDocument, resultCodesOf } from '@/lib/wallet/contract/openapi';
import { walletOperations, type WalletOperation } from '@/lib/wallet/contract/operations';
import { MAX_PAGE_NUM, MAX_PAGE_SIZE, MAX_SEARCH_PAGE_SIZE } from '@/lib/wallet/contract/paging';
import { resultCodeAdvice, resultCodeMeaning } from '@/lib/wallet/contract/result-codes';
import { WALLET_API_VERSION } from '@/lib/wallet/contract/api-version';

type Json = Record<string, unknown>;
type Parameter = { name: string; in: string; required?: boolean; schema: Json; example?: unknown };
type Media = { schema: Json; example?: unknown; examples?: Record<string, { value: unknown }> };
type Operation = Json & {
  parameters?: Parameter[];
  responses: Record<string, { content: Record<string, Media> }>;
  'x-result-codes': { code: number; status: number; meaning: string; advice: string }[];
};

const operations = Object.values(walletOperations) as WalletOperation[];
const SIGNING = ['agencyCode', 'appId', 'timestamp', 'nonce', 'sign'];

let resolved: Json & { paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  resolved = (await dereference(structuredClone(buildOpenApiDocument()) as never)) as typeof resolved;
});

const operationOf = (op: WalletOperation) => resolved.paths[op.path]![op.method.toLowerCase()]!;

// Query parameters are text on the wire: a validator coerces "20" to the integer it spells, as a
// proxy such as Prism does.
const ajv = new Ajv2020({ strict: false, allErrors: true, coerceTypes: true, validateFormats: false });
const strictAjv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });

function documentAccepts(op: WalletOperation, name: string, value: string): boolean {
  const parameter = operationOf(op).parameters!.find((p) => p.name === name);
  expect(parameter, `${op.name}.${name}`).toBeDefined();
  // Coercion rewrites the value inside its container: validate a copy in one.
  const check = ajv.compile({ type: 'object', properties: { v: parameter!.schema } });
  return check({ v: value });
}

function serverAccepts(op: WalletOperation, name: string, value: string): boolean {
  return (op.params.shape as Record<string, z.ZodType>)[name]!.safeParse(value).success;
}

/**
 * Each of these compiles a schema per parameter or reply of every operation: a second on an idle
 * machine, past vitest's 5 s default beside a busy suite (docs/testing.md "Never flaky").
 */
const CPU_BOUND_MS = 60_000;

describe('the OpenAPI document, as an outside validator sees it', () => {
  it('is a valid OpenAPI 3.1 document (@readme/openapi-parser)', async () => {
    const result = await validate(structuredClone(buildOpenApiDocument()) as never);
    // On failure `errors` says where; a valid document has none, and no warning either.
    expect(result).toEqual({ valid: true, warnings: [], specification: 'OpenAPI' });
  });

  it('lists every result code each operation may answer, with its status and its one meaning', () => {
    for (const op of operations) {
      const codes = operationOf(op)['x-result-codes'];
      expect(codes, op.name).toEqual(resultCodesOf(op));
      const numbers = codes.map((c) => c.code);
      // The cardholder's operations (me/*) carry no signature: 2005 (HTTP 401) is theirs instead.
      const signature = op.auth === 'walletToken' ? [] : [2001, 2002, 2003, 2004];
      for (const code of [0, 1001, 1002, 1003, 1004, ...signature, 5000, 5001, 6001, ...op.codes]) {
        expect(numbers, `${op.name} ${code}`).toContain(code);
      }
      expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
      for (const c of codes) {
        expect(c.meaning).toBe(resultCodeMeaning[c.code as keyof typeof resultCodeMeaning]);
        expect(c.advice).toBe(resultCodeAdvice[c.code as keyof typeof resultCodeAdvice]);
      }
      expect(codes.find((c) => c.code === 1004)!.status).toBe(405);
      expect(codes.find((c) => c.code === 6001)!.status).toBe(429);
      expect(codes.find((c) => c.code === 5000)!.status).toBe(500);
      expect(codes.find((c) => c.code === 5001)!.status).toBe(503);
      const failureEnum = (
        (operationOf(op).responses['200']!.content['application/json']!.schema.oneOf as Json[])[1]!
          .properties as Record<string, Json>
      ).code!.enum;
      expect(failureEnum, op.name).toEqual(
        codes.filter((c) => c.status === 200 && c.code !== 0).map((c) => c.code),
      );
    }
    expect(resultCodesOf(walletOperations.assetTransfer).find((c) => c.code === 4001)!.meaning).not.toMatch(
      /card fee$/,
    );
  });

  it(
    'gives every parameter an example that the server and the document both accept',
    () => {
      let count = 0;
      for (const op of operations) {
        for (const p of operationOf(op).parameters ?? []) {
          expect(p.example, `${op.name}.${p.name}`).toBeDefined();
          expect(
            serverAccepts(op, p.name, String(p.example)),
            `${op.name}.${p.name} = ${String(p.example)}`,
          ).toBe(true);
          expect(documentAccepts(op, p.name, String(p.example)), `${op.name}.${p.name}`).toBe(true);
          count++;
        }
      }
      expect(count).toBeGreaterThan(100);
    },
    CPU_BOUND_MS,
  );

  it(
    'gives every reply examples that match its schema: success and each failure answered with HTTP 200',
    () => {
      for (const op of operations) {
        const responses = operationOf(op).responses;
        const ok = responses['200']!.content['application/json']!;
        const check = strictAjv.compile(ok.schema);
        const examples = ok.examples!;
        expect(Object.keys(examples), op.name).toEqual([
          'success',
          ...resultCodesOf(op)
            .filter((c) => c.status === 200 && c.code !== 0)
            .map((c) => `failure-${c.code}`),
        ]);
        for (const [name, example] of Object.entries(examples)) {
          expect(check(example.value), `${op.name} ${name}: ${JSON.stringify(check.errors)}`).toBe(true);
        }
        expect((examples['failure-1002']!.value as Json).data).toMatchObject({
          field: expect.any(String),
          rule: expect.stringMatching(/^(must|is) /),
        });
        for (const status of ['405', '429', '500', '503', ...(op.sandbox ? ['404'] : [])]) {
          const media = responses[status]!.content['application/json']!;
          expect(media.example, `${op.name} ${status}`).toBeDefined();
          expect(strictAjv.validate(media.schema, media.example), `${op.name} ${status}`).toBe(true);
        }
      }
    },
    CPU_BOUND_MS,
  );

  it('states the paging bounds the server holds', () => {
    const bounds: [WalletOperation, string, number, number][] = [
      [walletOperations.cardListAllByUser, 'pageSize', 1, MAX_PAGE_SIZE],
      [walletOperations.cardListAllByUser, 'pageNum', 1, MAX_PAGE_NUM],
      [walletOperations.eventList, 'pageSize', 1, MAX_PAGE_SIZE],
      [walletOperations.assetLedger, 'pageSize', 1, MAX_PAGE_SIZE],
      [walletOperations.userSearch, 'pageSize', 1, MAX_SEARCH_PAGE_SIZE],
    ];
    expect(MAX_PAGE_SIZE).toBe(100);
    for (const [op, name, min, max] of bounds) {
      const p = operationOf(op).parameters!.find((q) => q.name === name)!;
      expect(p.schema, `${op.name}.${name}`).toMatchObject({ type: 'integer', minimum: min, maximum: max });
    }
  });

  // Each value the server refuses: the document refuses it too (and the value next to it, which
  // the server accepts, passes both), so a proxy validating against the document agrees.
  const cases: [keyof typeof walletOperations, string, string[], string[]][] = [
    ['cardListAllByUser', 'pageNum', ['0', '1.5', '-1', String(MAX_PAGE_NUM + 1)], ['1', '2']],
    ['cardListAllByUser', 'pageSize', ['0', '101', '1.5'], ['1', '100']],
    ['eventList', 'pageSize', ['0', '101'], ['50']],
    ['assetLedger', 'pageNum', ['0', '2.5'], ['3']],
    ['userSearch', 'pageSize', ['0', '51'], ['50']],
    [
      'registerAndKyc',
      'birthday',
      ['2001-02-30x', '1899-12-31', '2001-13-01', '2001-2-3', '01-02-2001'],
      ['1990-05-17'],
    ],
    ['registerAndKyc', 'documentExpiryDate', ['2031-00-10', '2031-01-32'], ['2031-08-31']],
    [
      'registerAndKyc',
      'supportDocumentUrl',
      ['ftp://files.example.com/a.pdf', 'https://', 'files.example.com/a.pdf', 'https://a b.com'],
      ['https://files.example.com/a.pdf', 'HTTP://files.example.com/a.pdf'],
    ],
    [
      'registerAndKyc',
      'photos',
      [
        'ftp://a.example.com/1.jpg',
        `https://a.example.com/1.jpg,${'https://a.example.com/x.jpg,'.repeat(10)}https://a.example.com/y.jpg`,
      ],
      ['https://a.example.com/1.jpg,https://a.example.com/2.jpg'],
    ],
    [
      'registerAndKyc',
      'firstName',
      ['Smith Jr.', 'Ada  Lovelace', ' Ada', '1Ada'],
      ["O'Brien-Smith", 'Mary Ann'],
    ],
    ['registerAndKyc', 'region', [' US', 'US ', 'U\u0001S'], ['US', 'Hong Kong']],
    [
      'webhookAdd',
      'url',
      [
        'ftp://hooks.example.com/x',
        'https://user:pass@hooks.example.com/x',
        'https://user@hooks.example.com/',
      ],
      ['https://hooks.example.com/x', 'http://10.0.0.5:8080/hook?x=1'],
    ],
    [
      'webhookAdd',
      'events',
      ['card.issue', 'card.issued,', '*,card.issued', ''],
      ['*', 'card.issued,transfer.completed', ' card.issued , transfer.completed '],
    ],
    [
      'assetTransfer',
      'amount',
      ['0', '0.00', '1e1', '-5', '1.1234567', '01', '.5', '5.'],
      ['25', '25.50', '0.000001'],
    ],
    ['userSearch', 'q', ['a', ' ada', 'ada '], ['ad', 'ada lovelace']],
    ['addAddress', 'country', ['XX', 'us', 'USA', 'ZZ'], ['US', 'HK', 'GB']],
    ['cardListAllByUser', 'withCards', ['yes', '1', 'TRUE'], ['true', 'false']],
    ['cardDetail', 'cardId', ['0', '-1', '2147483648', '1.5'], ['1', '2147483647']],
  ];
  for (const [name, param, refused, accepted] of cases) {
    it(`${name}.${param}: the document refuses what the server refuses`, () => {
      const op = walletOperations[name] as WalletOperation;
      for (const value of refused) {
        expect(serverAccepts(op, param, value), `server, ${param}=${JSON.stringify(value)}`).toBe(false);
        expect(documentAccepts(op, param, value), `document, ${param}=${JSON.stringify(value)}`).toBe(false);
      }
      for (const value of accepted) {
        expect(serverAccepts(op, param, value), `server, ${param}=${JSON.stringify(value)}`).toBe(true);
        expect(documentAccepts(op, param, value), `document, ${param}=${JSON.stringify(value)}`).toBe(true);
      }
    });
  }

  it('says what JSON Schema cannot: a birthday in the future, an amount with more decimals than the asset', () => {
    const birthday = operationOf(walletOperations.registerAndKyc).parameters!.find(
      (p) => p.name === 'birthday',
    )!;
    expect(birthday.schema).toMatchObject({ type: 'string', format: 'date' });
    expect(String((birthday as unknown as Json).description)).toContain('must not be in the future');
    const amount = operationOf(walletOperations.assetTransfer).parameters!.find((p) => p.name === 'amount')!;
    expect(String((amount as unknown as Json).description)).toContain('decimalPlaces');
  });

  it('carries the API version and no signing parameter among any operation parameters', () => {
    expect((resolved.info as Json).version).toBe(WALLET_API_VERSION);
    for (const op of operations) {
      for (const p of operationOf(op).parameters ?? []) expect(SIGNING).not.toContain(p.name);
    }
  });
});
