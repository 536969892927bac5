// The OpenAPI 3.1 document of the wallet API, generated from the operation catalogue and its zod
// contracts, so that the published description cannot drift from what the service validates.
// Everything said of one operation (tag, texts, business result codes, the events it writes as
// x-events) comes from its definition
// (./operations/<name>.ts); this module holds only what all operations share: the reply as
// oneOf success or failure, x-result-codes from result-codes.ts, parameters in their wire form
// (./wire-schema.ts), examples, and the signature as security schemes (docs/wallet-api.md "The
// OpenAPI document"). Served unsigned at /wallet/api/openapi.json, and rendered as the public
// reference at /wallet/api/reference. Pure: no filesystem, no environment, no server-only
// imports; built once per process.
import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject } from 'zod-openapi';
import { z } from 'zod';
import type { OperationTag } from '@/lib/wallet/contract/define-operation';
import { walletOperationList, type WalletOperation } from '@/lib/wallet/contract/operations';
import {
  ResultCode,
  resultCodeAdvice,
  resultCodeMeaning,
  type ResultCodeValue,
} from '@/lib/wallet/contract/result-codes';
import * as v from '@/lib/wallet/contract/schemas';
import { wireSchemaOf } from '@/lib/wallet/contract/wire-schema';
import {
  IDEMPOTENT_REPLAYED_HEADER,
  WALLET_API_VERSION,
  WALLET_API_VERSION_HEADER,
  WALLET_MODE_HEADER,
} from '@/lib/wallet/contract/api-version';

// ---------------------------------------------------------------- tags (spec §4 categories)

const TAGS: { name: OperationTag; description: string }[] = [
  { name: 'User Management', description: 'Registration with KYC, and card applications paid by the user' },
  {
    name: 'Card Management',
    description: 'Card lists, the card category catalogue, and the card programme after issuance',
  },
  { name: 'Agency Management', description: "The agency's assets, and card applications paid by the agency" },
  { name: 'Address Management', description: 'Delivery addresses of users' },
  { name: 'Asset Management', description: "Users' assets, transfers between assets, and ledgers" },
  {
    name: 'Events and Webhooks',
    description:
      "Endpoints the app's events are delivered to (signed, retried), and the events of the last 30 days with their deliveries",
  },
  {
    name: 'Card Spending',
    description:
      "Authorizations, holds, clearing, reversals and refunds (the card network's messages, in the sandbox), spending controls and the agency's own decision",
  },
  {
    name: 'Deposit',
    description:
      "Deposit addresses per user and chain, the chain watcher's messages, deposits and the release of held ones",
  },
  { name: 'KYT', description: 'The rules every deposit is screened by before it is credited' },
  {
    name: 'Disputes',
    description:
      "A cardholder's disputes of cleared purchases (chargebacks): opened, submitted with evidence, and the network's answer, which credits the card when WON",
  },
];

// ---------------------------------------------------------------- parameter descriptions

// What a parameter that several operations take means (spec §4 and docs/wallet-api.md
// "Operations"), unless its operation's definition says it (paramText, where a parameter only one
// operation takes is described); the rule is appended from the zod schema.
const MEANING: Record<string, string> = {
  agencyCode: 'Agency code',
  appId: 'App identifier',
  timestamp:
    'Request time in Unix epoch milliseconds; must be within ±300 s of the service clock (else 2002)',
  nonce: 'Random string, used once per app within the timestamp window (reuse: 2003)',
  sign: 'Request signature: lowercase hex HMAC-SHA256 of the string to sign with the app secret (see the API description)',
  requestId:
    'Idempotency key: the same app, requestId and parameters within 24 h return the first result; other parameters give 4007',
  appUserId: 'App user ID',
  email: 'E-mail address',
  firstName: 'First name',
  lastName: 'Last name',
  mobile: 'Mobile number prefixed with its region code, <region_code>-<number>',
  detailedAddress: 'Detailed address',
  pageNum: 'Page number, from 1',
  pageSize: 'Users per page',
  paymentAssetId: 'Asset the card fee is paid from',
  categoryId: 'Card category ID (see categoryList)',
  embossedName: 'Name embossed on the card',
  needDelivery: 'Whether the card is delivered; when true, addressId is required (else 4002)',
  addressId:
    "Delivery address ID, one of the user's addresses (else 4003); required when needDelivery is true",
  cardNumber:
    'A card number the user already owns: 12-19 digits, Luhn-valid and not bound to any card (else 4006); omitted, a number is generated',
  cardImageUrl: 'URL of the card image uploaded by the user',
  country: 'Country or region, ISO 3166-1 alpha-2',
  city: 'City',
  street: 'Street',
  province: 'Province or state',
  postalCode: 'Postal code',
  isDefault: "Whether this becomes the user's default address (a user's first address is always the default)",
  cardId: "Card ID, one of the user's cards (else 4008)",
  reason: 'Why: LOST, STOLEN, DAMAGED, FRAUD_SUSPECTED, USER_REQUEST or OTHER; kept in the card history',
  assetId: 'Asset ID under this app (else 4011)',
  endpointId: 'Webhook endpoint ID (else 4012)',
  authorizationId: 'Authorization ID under this app (else 4014)',
  cursor: 'The nextCursor of the page before; omitted, the first page',
  status: 'Only authorizations of this status',
};

type AnyDef = {
  type: string;
  error?: unknown;
  checks?: { _zod: { def: { error?: unknown } } }[];
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  options?: readonly z.core.$ZodType[];
  defaultValue?: unknown;
};

function pushMessage(error: unknown, into: string[]): void {
  if (typeof error !== 'function') return;
  let message: unknown;
  try {
    message = (error as (issue: unknown) => unknown)({});
  } catch {
    return;
  }
  if (typeof message === 'string' && message.length > 0 && !into.includes(message)) into.push(message);
}

/** The custom rule messages of a parameter schema, in check order ("must be ..."). */
export function ruleMessages(schema: z.core.$ZodType, into: string[] = []): string[] {
  const def = schema._zod.def as unknown as AnyDef;
  pushMessage(def.error, into);
  // Wrapped and piped schemas first: a refinement on a pipe comes after the rule it refines.
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'nullable':
    case 'readonly':
      if (def.innerType) ruleMessages(def.innerType, into);
      break;
    case 'pipe':
      if (def.in) ruleMessages(def.in, into);
      if (def.out) ruleMessages(def.out, into);
      break;
    case 'union':
      for (const option of def.options ?? []) ruleMessages(option, into);
      break;
  }
  for (const check of def.checks ?? []) pushMessage(check._zod.def.error, into);
  return into;
}

function defaultOf(schema: z.core.$ZodType): unknown {
  const def = schema._zod.def as unknown as AnyDef;
  return def.type === 'default' ? def.defaultValue : undefined;
}

function describeParam(op: WalletOperation | undefined, name: string, schema: z.core.$ZodType): string {
  const meaning = op?.paramText?.[name] ?? MEANING[name] ?? name;
  const rules = ruleMessages(schema);
  const parts = [meaning];
  if (rules.length > 0) parts.push(`Rule: ${name} ${rules.join('; ')}`);
  const fallback = defaultOf(schema);
  if (fallback !== undefined) parts.push(`Default: ${String(fallback)}`);
  return `${parts.join('. ')}.`;
}

// ---------------------------------------------------------------- the document

const SIGNATURE_DESCRIPTION = [
  'Every operation takes all its parameters in the query string (no request body; a parameter given as the empty',
  'string counts as absent) and answers `application/json` with `Cache-Control: no-store` and the envelope',
  '`{code, msg, data}`: HTTP 200 for every handled outcome (code 0 is success), HTTP 500 with code 5000 and no',
  'detail for an unexpected failure.',
  '',
  'Signature: every request carries `agencyCode`, `appId`, `timestamp` (Unix epoch ms), `nonce` (16-64 characters',
  'of `A-Z a-z 0-9 _ -`) and `sign`. Take every query parameter except `sign`, drop those whose value is the empty',
  'string (a name given twice is rejected with 1003), encode names and values with RFC 3986 (`encodeURIComponent`',
  "plus `! ' ( ) *` as `%21 %27 %28 %29 %2A`), sort by encoded name and join as `name=value` with `&`. The string",
  'to sign is `METHOD + "\\n" + PATH + "\\n" + canonical query`, with the upper-case method and the path as listed',
  'here (e.g. `/wallet/api/user/cardList`). `sign` is the lowercase hex HMAC-SHA256 of it with the app secret.',
  'The five are declared as security schemes (apiKey in the query), all required together: a client adds them,',
  '`sign` computed last, in one place for every call.',
  'Order of checks: duplicates (1003), each parameter against its rule (1001/1002), then the app (2004), the',
  'signature (2001), the timestamp within ±300 s (2002) and the nonce (2003), then the business rules.',
  '',
  'Every reply is one of two shapes, told apart by `code`: success (`code` 0, `msg` "success", `data` the result)',
  "or a failure (`code` one of the operation's `x-result-codes`, `msg`, and for a failure about one parameter",
  '`data: {field, rule?}`). Every reply carries the `Wallet-Api-Version` header.',
].join('\n');

const WEBHOOK_DESCRIPTION = [
  'POSTed to every endpoint of the app subscribed to the type (webhook/add). The body is the event as JSON;',
  '`Wallet-Signature` is the lowercase hex HMAC-SHA256, with the endpoint secret, of `Wallet-Timestamp + "." + raw body`:',
  'verify it on the raw bytes before parsing, and refuse a timestamp far from your clock. Delivery is at least once',
  'and unordered: deduplicate on the event id. Retried after 10 s, 1 min, 5 min, 30 min, 2 h, 6 h, 12 h and 24 h,',
  'then FAILED (event/redeliver queues it again). No event carries a whole card number or document number.',
].join('\n');

const webhookHeaders = z.object({
  'Wallet-Event-Id': z.string().meta({ description: 'The event id (evt_...): the same on every attempt' }),
  'Wallet-Timestamp': z
    .string()
    .meta({ description: 'When this attempt was signed, Unix epoch milliseconds' }),
  'Wallet-Signature': z
    .string()
    .meta({ description: 'Lowercase hex HMAC-SHA256(endpoint secret, Wallet-Timestamp + "." + raw body)' }),
});

const DECISION_DESCRIPTION = [
  "POSTed to the app's decision URL (decision/set) for each authorization that passed the service's own checks",
  '(card state, expiry, currency, blocked MCC and country, limits, funds), before it is approved; the service waits',
  "the setting's `timeoutMs` (100-2000 ms, default 1500). Signed as webhook deliveries are, with the decision secret",
  '(decision/set shows it once): `Wallet-Signature` is the lowercase hex HMAC-SHA256 of `Wallet-Timestamp + "." + raw',
  'body`; for 24 hours after the secret is rotated the request also carries `Wallet-Signature-Previous`, the same',
  'signature with the old secret, so accept either while you deploy the new one.',
  '',
  'Answer with a 2xx status and a JSON body: `{"approved": true}` approves; `{"approved": false}` declines with',
  'declineReason `AGENCY_DECLINED`, and an optional `"reason"` of up to 200 characters is kept on the authorization',
  'as `agencyReason`. Anything else (no answer in time, another status, a redirect, which is never followed, a body',
  'that is neither) is the agency being unavailable: the fallback applies (`decidedBy` FALLBACK; when the fallback',
  'is DECLINE, declineReason `AGENCY_TIMEOUT` for no answer in time, `AGENCY_UNAVAILABLE` otherwise).',
].join('\n');

const decisionHeaders = z.object({
  'Wallet-Timestamp': webhookHeaders.shape['Wallet-Timestamp'],
  'Wallet-Signature': z
    .string()
    .meta({ description: 'Lowercase hex HMAC-SHA256(decision secret, Wallet-Timestamp + "." + raw body)' }),
  'Wallet-Signature-Previous': z.string().optional().meta({
    description: 'For 24 hours after a rotation only: the same signature with the previous decision secret',
  }),
});

/** A plain JSON Schema of an output, inlined (no $schema). */
function plainSchema(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/** The JSON Schema of one event type's delivered body, inlined. */
function eventBodySchema(type: v.EventType): Record<string, unknown> {
  const schema = z.toJSONSchema(
    v.walletEventSchema.extend({ type: z.literal(type), data: v.eventDataSchemas[type] }),
    { io: 'output', unrepresentable: 'any' },
  ) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

/** The parameters of the signature: security schemes, applied to every operation at once. */
const SIGNING_PARAMS = ['agencyCode', 'appId', 'timestamp', 'nonce', 'sign'] as const;
const SIGNING = new Set<string>(SIGNING_PARAMS);

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

// ---------------------------------------------------------------- result codes

/** The codes any operation may answer with HTTP 200 besides its own (parameters, signature). */
export const COMMON_REPLY_CODES = [
  ResultCode.PARAM_MISSING,
  ResultCode.PARAM_INVALID,
  ResultCode.PARAM_DUPLICATED,
  ResultCode.SIGNATURE_MISMATCH,
  ResultCode.TIMESTAMP_EXPIRED,
  ResultCode.NONCE_USED,
  ResultCode.APP_UNKNOWN,
] as const satisfies readonly ResultCodeValue[];

/** One entry of an operation's `x-result-codes`: the code, its HTTP status, its meaning, what to do. */
export type ResultCodeEntry = { code: ResultCodeValue; status: number; meaning: string; advice: string };

/**
 * Every result code `op` may answer, in ascending order, with the HTTP status it comes with and
 * its meaning (result-codes.ts, the one home of the meanings).
 */
export function resultCodesOf(op: Pick<WalletOperation, 'codes' | 'params'>): ResultCodeEntry[] {
  const status: Partial<Record<ResultCodeValue, number>> = {
    [ResultCode.METHOD_NOT_ALLOWED]: 405,
    [ResultCode.INTERNAL]: 500,
    [ResultCode.UNAVAILABLE]: 503,
    [ResultCode.RATE_LIMITED]: 429,
  };
  const codes = new Set<ResultCodeValue>([
    ResultCode.SUCCESS,
    ...COMMON_REPLY_CODES,
    ...op.codes,
    // A requestId reused with other parameters (by any operation of the app) is 4007 wherever
    // requestId is taken (docs/wallet-api.md "requestId (idempotency)").
    ...('requestId' in op.params.shape ? [ResultCode.REQUEST_ID_REUSED] : []),
    ResultCode.METHOD_NOT_ALLOWED,
    ResultCode.INTERNAL,
    ResultCode.UNAVAILABLE,
    ResultCode.RATE_LIMITED,
  ]);
  return [...codes]
    .sort((a, b) => a - b)
    .map((code) => ({
      code,
      status: status[code] ?? 200,
      meaning: resultCodeMeaning[code],
      advice: resultCodeAdvice[code],
    }));
}

/** `data` of a failure about one parameter (1001, 1002, 1003, 3002): docs/wallet-api.md "Result codes". */
const fieldErrorSchema = z
  .object({
    field: z.string().meta({ description: 'The parameter at fault', example: 'pageSize' }),
    rule: z.string().optional().meta({
      description: 'For 1002: the rule it breaks, to read after its name',
      example: 'must be at most 100',
    }),
  })
  .meta({ description: 'The parameter a failure is about: present on 1001, 1002, 1003 and 3002 when known' });

// ---------------------------------------------------------------- parameters and examples

/**
 * An example of a parameter by its name, where its building block (schemas.ts, withWireForm)
 * gives none or a name says more; each must pass the parameter's own schema (openapi.test.ts).
 */
const EXAMPLES: Record<string, unknown> = {
  appUserId: 'user-1001',
  email: 'ada.lovelace@example.com',
  firstName: 'Ada',
  lastName: "O'Brien-Smith",
  mobile: '1-4155550100',
  region: 'US',
  documentType: 'PASSPORT',
  documentNo: 'X1234567',
  annualIncome: '85000.00',
  occupation: 'Engineer',
  position: 'Team lead',
  detailedAddress: 'Apartment 4B',
  cardUUID: '3f2b8c1e-7d4a-4e9b-9c1d-2a6f5e8b7c40',
  requestId: 'req-20260101-0001',
  paymentAssetId: 12,
  categoryId: 3,
  embossedName: 'ADA LOVELACE',
  addressId: 7,
  cardNumber: '4111111111111111',
  city: 'San Francisco',
  street: '1 Market Street',
  province: 'CA',
  postalCode: '94105',
  cardId: 42,
  fromAssetId: 12,
  toAssetId: 31,
  assetId: 12,
  days: 30,
  q: 'ada',
  description: 'Order system',
  endpointId: 5,
  eventId: 'evt_2w8XkQm4TzR7bN1cV5pL9sYd',
  merchantName: 'Corner Grocery',
  currency: 'USD',
  mcc: '5411',
  merchantCountry: 'US',
  authorizationId: 88,
  transactionId: 61,
  from: '2026-11-01',
  to: '2026-11-30',
  perTransaction: '200.00',
  daily: '50.00',
  monthly: '1500.00',
  allTime: '10000.00',
  blockedMcc: '7995,5933',
  blockedCountries: 'KP,IR',
  address: '0x9858effd232b4033e47d90003d41ec34ecaeda94',
  fromAddress: '0x52908400098527886e0f7030069857d2e4169ee7',
  txHash: '0x88df016429689c079f3b2f6ad39fa052532c56795b733da78a91ebe6a713944b',
  logIndex: 0,
  confirmations: 12,
  depositId: 17,
  note: 'Sender confirmed as the user’s own exchange account',
  blockedAddresses: '0x8617e340b3d01fa5f11f306f4090fd50e238070d',
  reviewAddresses: 'TJRyWwFs9wTFGZg3JbrVriFbNfCug5tDeC',
  reviewAmount: '1000.00',
  severeAmount: '10000.00',
  // The back-office's approval of a release (release-approval.ts): an HMAC-SHA256 in hex.
  approval: '9f2c6b1e0d4a7c3b8e5f1a2d6c9b0e3f7a4d1c8b5e2f9a6c3d0b7e4f1a8c5d2b',
  last4: '1111',
  issuedFrom: '2026-11-01',
  issuedTo: '2026-11-30',
  disputeId: 23,
  explanation: 'The cardholder never ordered from this shop and still has the card',
  evidence: 'Card in the cardholder’s hands at the time; no order in their account with the merchant',
};

/**
 * An example for a parameter: its definition's, else by its name, else its building block's, else
 * its default or first value.
 */
function parameterExample(op: WalletOperation, name: string, wire: ReturnType<typeof wireSchemaOf>): unknown {
  const own = op.paramExamples?.[name];
  if (own !== undefined) return own;
  if (Object.hasOwn(EXAMPLES, name)) return EXAMPLES[name];
  if (wire.example !== undefined) return wire.example;
  if (wire.schema.default !== undefined) return wire.schema.default;
  if (Array.isArray(wire.schema.enum)) return wire.schema.enum[0];
  return undefined;
}

type ParameterObject = {
  name: string;
  in: 'query';
  required?: true;
  description: string;
  schema: Record<string, unknown>;
  example?: unknown;
  /**
   * Given as the empty string (`name=`, not signed, like every empty value), it removes its
   * setting: the one exception to "empty counts as absent" (docs/integrator-guide.md "A call").
   * A client sends such a parameter when its caller gives it empty (the SDK does).
   */
  'x-clearable'?: true;
};

/** One operation's own query parameters (the signature's are its security schemes). */
function parametersOf(op: WalletOperation): ParameterObject[] {
  const out: ParameterObject[] = [];
  for (const [name, schema] of Object.entries(op.params.shape as Record<string, z.ZodType>)) {
    if (SIGNING.has(name)) continue;
    const wire = wireSchemaOf(schema);
    const example = parameterExample(op, name, wire);
    out.push({
      name,
      in: 'query',
      ...(schema.safeParse(undefined).success ? {} : { required: true as const }),
      description: describeParam(op, name, schema),
      schema: wire.schema,
      ...(example !== undefined ? { example } : {}),
      ...(op.clearable?.includes(name) ? { 'x-clearable': true as const } : {}),
    });
  }
  return out;
}

// An example value of a result schema (plain JSON Schema, inlined), for the replies' examples:
// realistic where a property's name says what it is, schema-valid everywhere (openapi.test.ts).
const RESULT_EXAMPLES: Record<string, unknown> = {
  ...EXAMPLES,
  agencyCode: 'AG001',
  appId: 'shop-app',
  walletToken: 'wt_7Hc2pQ9xL4mZ8rT1vB6n',
  currency: 'USD',
  currencySymbol: '$',
  cardHolder: 'ADA LOVELACE',
  last4: '1111',
  cardNumber: '411111******1111',
  expireMonth: '08',
  expireYear: '2031',
  network: 'VISA',
  decimalPlaces: 2,
  url: 'https://hooks.example.com/wallet-events',
  secret: 'whsec_5mR8tY2wQ7kP4nZ1xC9vB3',
  id: 'evt_2w8XkQm4TzR7bN1cV5pL9sYd',
  events: 'card.issued',
};

function exampleOf(schema: unknown, name?: string): unknown {
  const s = (schema ?? {}) as Record<string, unknown>;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  const choice = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (choice) {
    const notNull = choice.find((c) => (c as { type?: string }).type !== 'null') ?? choice[0];
    return exampleOf(notNull, name);
  }
  const named =
    name !== undefined && Object.hasOwn(RESULT_EXAMPLES, name) ? RESULT_EXAMPLES[name] : undefined;
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : s.type;
  switch (type) {
    case 'object': {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(properties)) out[key] = exampleOf(value, key);
      return out;
    }
    case 'array': {
      const min = typeof s.minItems === 'number' ? s.minItems : 1;
      return Array.from({ length: Math.max(1, min) }, () => exampleOf(s.items, name));
    }
    case 'integer': {
      if (typeof named === 'number' && Number.isInteger(named)) return named;
      const min = typeof s.minimum === 'number' && s.minimum > Number.MIN_SAFE_INTEGER ? s.minimum : 1;
      return Math.max(min, 1);
    }
    case 'number':
      return typeof named === 'number' ? named : 125.5;
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'date-time') return '2026-01-31T09:30:00.000Z';
      if (s.format === 'date') return '2026-01-31';
      if (s.format === 'email') return 'ada.lovelace@example.com';
      if (s.format === 'uri') return 'https://files.example.com/card.png';
      if (typeof named === 'string' && (typeof s.pattern !== 'string' || new RegExp(s.pattern).test(named))) {
        return named;
      }
      if (typeof s.pattern === 'string') return undefined;
      return name ?? 'text';
    }
    case 'null':
      return null;
    default:
      return named ?? null;
  }
}

/** An example of `data` on success: from the result's schema. */
function dataExample(data: z.ZodType): unknown {
  const json = z.toJSONSchema(data, { io: 'output', unrepresentable: 'any' });
  return exampleOf(json);
}

/** The reply's examples: success, then every failure the operation may answer with HTTP 200. */
function replyExamples(
  op: WalletOperation,
  own: ParameterObject[],
): Record<string, { summary: string; value: unknown }> {
  const first = own.find((p) => p.required) ?? own[0];
  const field = first?.name ?? 'nonce';
  const shape = op.params.shape as Record<string, z.core.$ZodType>;
  const rule = ruleMessages(shape[field]!)[0] ?? 'is invalid';
  const examples: Record<string, { summary: string; value: unknown }> = {
    success: { summary: '0: success', value: { code: 0, msg: 'success', data: dataExample(op.data) } },
  };
  for (const { code, status, meaning } of resultCodesOf(op)) {
    if (code === 0 || status !== 200) continue;
    const value: Record<string, unknown> = { code, msg: `${capitalise(meaning)}.` };
    if (code === ResultCode.PARAM_MISSING) {
      value.msg = `${field} is required.`;
      value.data = { field };
    } else if (code === ResultCode.PARAM_INVALID) {
      value.msg = `${field} ${rule}.`;
      value.data = { field, rule };
    } else if (code === ResultCode.PARAM_DUPLICATED) {
      value.msg = `Parameter ${field} is given more than once.`;
      value.data = { field };
    } else if (code === ResultCode.USER_EXISTS) {
      value.msg = 'A user with this appUserId is already registered under this app.';
      value.data = { field: 'appUserId' };
    }
    examples[`failure-${code}`] = { summary: `${code}: ${meaning}`, value };
  }
  return examples;
}

// ---------------------------------------------------------------- the document

function build(): Record<string, unknown> {
  const internalError = z
    .object({
      code: z
        .literal(ResultCode.INTERNAL)
        .meta({ description: 'Always 5000', override: { type: 'integer' } }),
      msg: z.string().meta({ description: 'A generic message; no internal detail' }),
    })
    .meta({ description: 'The envelope of an unexpected failure (HTTP 500)' });

  const refusal = (code: ResultCodeValue, what: string) =>
    z
      .object({
        code: z.literal(code).meta({ description: `Always ${code}`, override: { type: 'integer' } }),
        msg: z.string().meta({ description: 'An English sentence saying why' }),
      })
      .meta({ description: what });
  const methodNotAllowed = refusal(
    ResultCode.METHOD_NOT_ALLOWED,
    'The envelope of a method the path does not serve (HTTP 405); the Allow header names the one it does',
  );
  const rateLimited = refusal(
    ResultCode.RATE_LIMITED,
    "The envelope of a request over the app's rate limit (HTTP 429); nothing was done, not even the nonce spent",
  );
  const databaseAway = refusal(
    ResultCode.UNAVAILABLE,
    'The envelope of a call made while the service cannot reach its database (HTTP 503): a mutating call may or may not have been done; retry with the same requestId after Retry-After seconds',
  );
  const notServed = refusal(
    ResultCode.NOT_FOUND,
    'The envelope of a path that is no operation here (HTTP 404): a simulate/* path on a live instance',
  );

  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const op of walletOperationList as readonly WalletOperation[]) {
    const own = parametersOf(op);
    const codes = resultCodesOf(op);
    const failureCodes = codes.filter((c) => c.code !== 0 && c.status === 200).map((c) => c.code);

    const success = z
      .object({
        code: z.literal(0).meta({ description: 'Always 0', override: { type: 'integer' } }),
        msg: z.literal('success'),
        data: op.data.meta({ description: 'The result' }),
      })
      .meta({ title: `${capitalise(op.name)}Success`, description: 'Success: code 0 and the result' });
    const failure = z
      .object({
        code: z
          .literal(failureCodes as [ResultCodeValue, ...ResultCodeValue[]])
          .meta({ description: 'The result code (x-result-codes)', override: { type: 'integer' } }),
        msg: z
          .string()
          .meta({ description: 'An English sentence; for 1001/1002 it names the parameter and the rule' }),
        data: fieldErrorSchema.optional(),
      })
      .meta({
        title: `${capitalise(op.name)}Failure`,
        description: 'A handled failure: a result code other than 0, no result',
      });
    const reply = z.union([success, failure]).meta({
      override: ({ jsonSchema }: { jsonSchema: unknown }) => {
        // The two are told apart by code (0 or not): exactly one matches.
        const json = jsonSchema as Record<string, unknown>;
        json.oneOf = json.anyOf;
        delete json.anyOf;
      },
    });

    const descriptionLines = [
      op.extension
        ? `Extension (not in the spec). ${capitalise(op.summary.replace(/^Extension: /, ''))}.`
        : `Spec §${op.section}.`,
      "All parameters travel in the query string; there is no request body. The signature's five are the security schemes.",
      `Result codes (x-result-codes): ${codes.map((c) => `${c.code} ${c.meaning}`).join('; ')}.`,
    ];

    const operation: ZodOpenApiOperationObject = {
      operationId: op.name,
      summary: op.summary,
      description: descriptionLines.join('\n\n'),
      tags: [op.tag],
      ...(own.length > 0 ? { parameters: own } : {}),
      responses: {
        '200': {
          description:
            'Every handled outcome: success (code 0, data) or a failure (its code, msg, maybe data)',
          headers: {
            ...versionHeader(),
            ...('requestId' in op.params.shape ? replayedHeader() : {}),
          },
          content: { 'application/json': { schema: reply, examples: replyExamples(op, own) } },
        },
        '405': {
          description: `Any method but ${op.method}: code 1004, nothing run, no nonce spent`,
          headers: {
            Allow: { description: `Always ${op.method}`, schema: { type: 'string' }, example: op.method },
            ...versionHeader(),
          },
          content: {
            'application/json': {
              schema: methodNotAllowed,
              example: { code: 1004, msg: `Method not allowed: this path answers ${op.method} only.` },
            },
          },
        },
        // A card network's message (simulate/*) is served in the sandbox only: on a live instance
        // its path is no operation (docs/card-spending.md "Sandbox and live").
        ...(op.sandbox
          ? {
              '404': {
                description: 'A live instance (no sandbox): the path is no operation, code 1005, nothing run',
                headers: versionHeader(),
                content: {
                  'application/json': {
                    schema: notServed,
                    example: { code: 1005, msg: 'There is no wallet operation at this path.' },
                  },
                },
              },
            }
          : {}),
        '429': {
          description: "Over the app's rate limit (requests per second, shared by every instance): code 6001",
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before trying again',
              schema: { type: 'integer' },
              example: 1,
            },
            ...versionHeader(),
          },
          content: {
            'application/json': {
              schema: rateLimited,
              example: { code: 6001, msg: 'Too many requests from this app: try again later.' },
            },
          },
        },
        '503': {
          description:
            'The database is away (a restart, a failover, a lost connection): code 5001. Retry after Retry-After seconds with the same parameters and requestId',
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before trying again',
              schema: { type: 'integer' },
              example: 2,
            },
            ...versionHeader(),
          },
          content: {
            'application/json': {
              schema: databaseAway,
              example: {
                code: 5001,
                msg: 'The service cannot reach its database right now: retry with the same requestId after Retry-After seconds.',
              },
            },
          },
        },
        '500': {
          description: 'Unexpected failure: code 5000, no detail',
          headers: versionHeader(),
          content: {
            'application/json': {
              schema: internalError,
              example: { code: 5000, msg: 'An unexpected error occurred. Please try again later.' },
            },
          },
        },
      },
      'x-result-codes': codes,
      ...(op.extension ? { 'x-extension': true } : {}),
      // The event types a successful call may write: each is described under `webhooks`.
      ...(op.events.length > 0 ? { 'x-events': [...op.events] } : {}),
    };
    paths[op.path] = { [op.method.toLowerCase()]: operation };
  }

  // The events this service POSTs to the app's endpoints
  // (docs/wallet-api.md "Endpoints and events"), as OpenAPI 3.1 webhooks.
  const webhooks: NonNullable<ZodOpenApiObject['webhooks']> = {};
  for (const type of v.EVENT_TYPES) {
    const body = eventBodySchema(type);
    webhooks[type] = {
      post: {
        operationId: `event.${type}`,
        summary: v.EVENT_TYPE_WHEN[type],
        description: WEBHOOK_DESCRIPTION,
        tags: ['Events and Webhooks'],
        requestParams: { header: webhookHeaders },
        requestBody: {
          content: {
            // Plain JSON Schema of what is sent (an output): as a zod schema in a request body it
            // would be read as an input, and the shared result schemas would be emitted twice.
            'application/json': { schema: body, example: exampleOf(body) },
          },
        },
        responses: {
          '200': {
            description:
              'Any 2xx within 10 s delivers the event; any other answer, a timeout or a redirect (never followed) is retried',
          },
        },
      },
    };
  }

  // The agency's decision endpoint: not an event, a question the service asks and waits for.
  const decisionRequest = plainSchema(v.decisionRequestSchema);
  const decisionAnswer = plainSchema(v.decisionAnswerSchema);
  webhooks.decision = {
    post: {
      operationId: 'decision.request',
      summary: "The agency's decision: approve or decline an authorization the service's own checks passed",
      description: DECISION_DESCRIPTION,
      tags: ['Card Spending'],
      requestParams: { header: decisionHeaders },
      requestBody: {
        content: { 'application/json': { schema: decisionRequest, example: exampleOf(decisionRequest) } },
      },
      responses: {
        '200': {
          description:
            'Any 2xx within timeoutMs with this body decides; anything else is the agency being unavailable (the fallback applies)',
          content: {
            'application/json': {
              schema: decisionAnswer,
              examples: {
                approve: { value: { approved: true } },
                decline: { value: { approved: false, reason: 'Merchant not allowed by our policy' } },
              },
            },
          },
        },
      },
    },
  };

  const securitySchemes: Record<string, { type: 'apiKey'; in: 'query'; name: string; description: string }> =
    {};
  for (const name of SIGNING_PARAMS) {
    const schema = v.authParams[name];
    const wire = wireSchemaOf(schema);
    securitySchemes[name] = {
      type: 'apiKey',
      in: 'query',
      name,
      description: `${describeParam(undefined, name, schema)} JSON Schema of the value: ${JSON.stringify(wire.schema)}.`,
    };
  }

  const generated = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Wallet API',
        version: WALLET_API_VERSION,
        description: SIGNATURE_DESCRIPTION,
        license: {
          name: 'Proprietary: for the agencies of this card programme',
          identifier: 'LicenseRef-Proprietary',
        },
      },
      servers: [{ url: '/', description: 'This service; paths carry no version segment' }],
      // The five signing parameters together: one requirement naming all five, so a generated
      // client adds them (and computes sign) in one place, never as parameters of each call.
      security: [Object.fromEntries(SIGNING_PARAMS.map((name) => [name, []]))],
      tags: TAGS,
      paths,
      webhooks,
      components: {
        securitySchemes,
        schemas: {
          RegisteredUser: v.registeredUserSchema,
          UsersWithCardsPage: v.usersWithCardsPageSchema,
          UserWithCards: v.userWithCardsSchema,
          CardRecord: v.cardRecordSchema,
          CardApplication: v.cardApplicationSchema,
          Asset: v.assetSchema,
          UserCardSummary: v.userCardSummarySchema,
          AddressCreated: v.addressCreatedSchema,
          CardCategory: v.cardCategorySchema,
          Address: v.addressSchema,
          ManagedCard: v.managedCardSchema,
          CardDetail: v.cardDetailSchema,
          CardStatusChange: v.cardStatusChangeSchema,
          Transfer: v.transferSchema,
          LedgerEntry: v.ledgerEntrySchema,
          LedgerPage: v.ledgerPageSchema,
          AssetDay: v.assetDaySchema,
          AssetDaily: v.assetDailySchema,
          AddressDeleted: v.addressDeletedSchema,
          UserSearchResult: v.userSearchResultSchema,
          WebhookEndpoint: v.webhookEndpointSchema,
          WebhookCreated: v.webhookCreatedSchema,
          Delivery: v.deliverySchema,
          EventPage: v.eventPageSchema,
          Authorization: v.authorizationSchema,
          AuthorizationPage: v.authorizationPageSchema,
          Refund: v.refundSchema,
          CardControls: v.cardControlsSchema,
          DecisionEndpoint: v.decisionEndpointSchema,
          FieldError: fieldErrorSchema,
          InternalError: internalError,
          MethodNotAllowed: methodNotAllowed,
          NotServed: notServed,
          RateLimited: rateLimited,
          DatabaseAway: databaseAway,
        },
      },
    },
    {
      override: ({ jsonSchema }) => {
        // Drop zod's noise: the safe-integer bounds of every int, and the regex of ISO
        // date-times (their format says it).
        const s = jsonSchema as Record<string, unknown>;
        if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
        if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
        if (s.format === 'date-time' && typeof s.pattern === 'string') delete s.pattern;
      },
    },
  );

  // Plain JSON from here on (no undefined, no shared references): safe to serialise and hand out.
  const doc = JSON.parse(JSON.stringify(generated)) as OpenApiJson;
  dropInputDuplicates(doc);
  return doc;
}

/** The header every reply of the wallet service carries (docs/changelog.md). */
/** The headers of every reply: the version that answered and whether it is a sandbox. */
function versionHeader() {
  return {
    [WALLET_API_VERSION_HEADER]: {
      description:
        'The version of the wallet API that answered (docs: the changelog and the deprecation policy)',
      schema: { type: 'string' as const },
      example: WALLET_API_VERSION,
    },
    [WALLET_MODE_HEADER]: {
      description:
        'sandbox: the instance serves the simulate/* operations (no real money moves); live: it does not',
      schema: { type: 'string' as const, enum: ['sandbox', 'live'] },
      example: 'sandbox',
    },
  };
}

/** On the success reply of an operation that takes requestId: said when the answer is a replay. */
function replayedHeader() {
  return {
    [IDEMPOTENT_REPLAYED_HEADER]: {
      description:
        'true when this answer repeats the stored one of an earlier call with the same requestId (nothing was done again); absent on a first answer',
      schema: { type: 'string' as const, enum: ['true'] },
      example: 'true',
    },
  };
}

type JsonObject = Record<string, unknown>;
type OpenApiJson = JsonObject & {
  paths: Record<string, Record<string, JsonObject>>;
  components: JsonObject & { schemas: Record<string, unknown> };
};

/**
 * zod-openapi also renders a manually registered component in input mode when another manual
 * component nests it, and then names the response's rendering `<Name>Output`. Nothing here is
 * an input, so drop the unreferenced input rendering and give the output one its plain name.
 */
function dropInputDuplicates(doc: OpenApiJson): void {
  const schemas = doc.components.schemas;
  for (const name of Object.keys(schemas)) {
    const plain = name.replace(/Output$/, '');
    if (plain === name || !(plain in schemas)) continue;
    const others = { ...doc, components: { ...doc.components, schemas: { ...schemas, [plain]: undefined } } };
    if (JSON.stringify(others).includes(`"#/components/schemas/${plain}"`)) continue;
    schemas[plain] = schemas[name];
    delete schemas[name];
  }
  const renamed = JSON.stringify(doc).replace(
    /"#\/components\/schemas\/(\w+)Output"/g,
    (ref, plain: string) =>
      plain in schemas && !(`${plain}Output` in schemas) ? `"#/components/schemas/${plain}"` : ref,
  );
  Object.assign(doc, JSON.parse(renamed) as OpenApiJson);
}

let cached: Record<string, unknown> | undefined;

/** The OpenAPI 3.1 document of the wallet API (built on first use, then reused). */
export function buildOpenApiDocument(): Record<string, unknown> {
  cached ??= build();
  return cached;
}
