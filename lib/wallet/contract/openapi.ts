// The OpenAPI 3.1 document of the wallet API, generated from the operation catalogue and its zod
// contracts, so that the published description cannot drift from what the service validates.
// Everything said of one operation (tag, texts, business result codes, the events it writes as
// x-events) comes from its definition
// (./operations/<name>.ts); this module holds only what all operations share.
// Served unsigned at /wallet/api/openapi.json. Pure: no filesystem, no environment, no
// server-only imports; built once per process.
import { createDocument, type ZodOpenApiObject, type ZodOpenApiOperationObject } from 'zod-openapi';
import { z } from 'zod';
import type { OperationTag } from '@/lib/wallet/contract/define-operation';
import { walletOperationList, type WalletOperation } from '@/lib/wallet/contract/operations';
import { ResultCode, resultCodeMeaning, type ResultCodeValue } from '@/lib/wallet/contract/result-codes';
import * as v from '@/lib/wallet/contract/schemas';

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
    name: 'Deposit',
    description:
      "Deposit addresses per user and chain, the chain watcher's messages, deposits and the release of held ones",
  },
  { name: 'KYT', description: 'The rules every deposit is screened by before it is credited' },
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
  'Order of checks: duplicates (1003), each parameter against its rule (1001/1002), then the app (2004), the',
  'signature (2001), the timestamp within ±300 s (2002) and the nonce (2003), then the business rules.',
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

/** The JSON Schema of one event type's delivered body, inlined. */
function eventBodySchema(type: v.EventType): Record<string, unknown> {
  const schema = z.toJSONSchema(
    v.walletEventSchema.extend({ type: z.literal(type), data: v.eventDataSchemas[type] }),
    { io: 'output', unrepresentable: 'any' },
  ) as Record<string, unknown>;
  delete schema.$schema;
  return schema;
}

const COMMON_PARAMS = ['agencyCode', 'appId', 'timestamp', 'nonce', 'sign'] as const;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function resultCodesDescription(codes: readonly ResultCodeValue[]): string {
  return codes.map((c) => `${c}: ${resultCodeMeaning[c]}`).join('; ');
}

function build(): Record<string, unknown> {
  // The five common parameters, declared once under components.parameters and referenced by
  // every operation (zod-openapi replaces a registered schema instance with a $ref).
  const common: Record<string, z.ZodType> = {};
  for (const name of COMMON_PARAMS) {
    const schema: z.ZodType = v.authParams[name];
    common[name] = schema.meta({
      description: describeParam(undefined, name, schema),
      param: { in: 'query', name, required: true },
    });
  }

  const commonCodes: ResultCodeValue[] = [
    ResultCode.PARAM_MISSING,
    ResultCode.PARAM_INVALID,
    ResultCode.PARAM_DUPLICATED,
    ResultCode.APP_UNKNOWN,
    ResultCode.SIGNATURE_MISMATCH,
    ResultCode.TIMESTAMP_EXPIRED,
    ResultCode.NONCE_USED,
  ];

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

  const paths: NonNullable<ZodOpenApiObject['paths']> = {};
  for (const op of walletOperationList as readonly WalletOperation[]) {
    const shape: Record<string, z.ZodType> = {};
    for (const [name, schema] of Object.entries(op.params.shape as Record<string, z.ZodType>)) {
      shape[name] = common[name] ?? schema.meta({ description: describeParam(op, name, schema) });
    }
    const envelope = z.object({
      code: z
        .number()
        .int()
        .meta({
          description: `Result code: 0 on success; otherwise ${resultCodesDescription([...commonCodes, ...op.codes])}`,
        }),
      msg: z
        .string()
        .meta({ description: 'An English sentence; for 1001/1002 it names the parameter and the rule' }),
      data: op.data.optional().meta({ description: 'The result, present when code is 0' }),
    });

    const descriptionLines = [
      op.extension
        ? `Extension (not in the spec). ${capitalise(op.summary.replace(/^Extension: /, ''))}.`
        : `Spec §${op.section}.`,
      'All parameters travel in the query string; there is no request body.',
    ];
    if (op.codes.length > 0) {
      descriptionLines.push(`Business result codes: ${resultCodesDescription(op.codes)}.`);
    }

    const operation: ZodOpenApiOperationObject = {
      operationId: op.name,
      summary: op.summary,
      description: descriptionLines.join('\n\n'),
      tags: [op.tag],
      requestParams: { query: z.object(shape) },
      responses: {
        '200': {
          description: 'Every handled outcome: the envelope with code 0 and data, or a result code and msg',
          content: { 'application/json': { schema: envelope } },
        },
        '405': {
          description: `Any method but ${op.method}: code 1004, nothing run, no nonce spent`,
          headers: { Allow: { description: `Always ${op.method}`, schema: { type: 'string' } } },
          content: { 'application/json': { schema: methodNotAllowed } },
        },
        '429': {
          description: "Over the app's rate limit (requests per second, shared by every instance): code 6001",
          headers: {
            'Retry-After': {
              description: 'Seconds to wait before trying again',
              schema: { type: 'integer' },
            },
          },
          content: { 'application/json': { schema: rateLimited } },
        },
        '500': {
          description: 'Unexpected failure: code 5000, no detail',
          content: { 'application/json': { schema: internalError } },
        },
      },
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
            'application/json': { schema: eventBodySchema(type) },
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

  const generated = createDocument(
    {
      openapi: '3.1.0',
      info: {
        title: 'Wallet API',
        version: '2.0',
        description: SIGNATURE_DESCRIPTION,
        license: {
          name: 'Proprietary: for the agencies of this card programme',
          identifier: 'LicenseRef-Proprietary',
        },
      },
      servers: [{ url: '/', description: 'This service; paths carry no version segment' }],
      security: [{ walletSignature: [] }],
      tags: TAGS,
      paths,
      webhooks,
      components: {
        parameters: common,
        securitySchemes: {
          walletSignature: {
            type: 'apiKey',
            in: 'query',
            name: 'sign',
            description:
              'The request signature of docs/wallet-api.md "Signature": lowercase hex HMAC-SHA256, with the app secret, of METHOD, PATH and the canonical query (every parameter but sign, with agencyCode, appId, timestamp and nonce). See the API description.',
          },
        },
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
          InternalError: internalError,
          MethodNotAllowed: methodNotAllowed,
          RateLimited: rateLimited,
        },
      },
    },
    {
      override: ({ jsonSchema }) => {
        // Drop zod's noise: the safe-integer bounds of every int, and the regex of ISO dates and
        // date-times (their format says it).
        const s = jsonSchema as Record<string, unknown>;
        if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
        if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
        if ((s.format === 'date-time' || s.format === 'date') && typeof s.pattern === 'string') {
          delete s.pattern;
        }
      },
    },
  );

  // Plain JSON from here on (no undefined, no shared references): safe to serialise and hand out.
  const doc = JSON.parse(JSON.stringify(generated)) as OpenApiJson;
  finishParameters(doc);
  dropInputDuplicates(doc);
  return doc;
}

type JsonObject = Record<string, unknown>;
type ParameterJson = { name?: string; description?: string; schema?: JsonObject; $ref?: string };
type OpenApiJson = JsonObject & {
  paths: Record<string, Record<string, JsonObject & { parameters?: ParameterJson[] }>>;
  components: JsonObject & { schemas: Record<string, unknown>; parameters: Record<string, ParameterJson> };
};

/**
 * The parameter's description is also copied into its schema by zod-openapi: keep it once. And zod
 * renders no `default` for a defaulted union|pipe (pageNum, pageSize, needDelivery, isDefault):
 * put the catalogue's default on the parameter schema.
 */
function finishParameters(doc: OpenApiJson): void {
  const tidy = (param: ParameterJson, schema?: z.core.$ZodType) => {
    if (param.schema && param.schema.description === param.description) delete param.schema.description;
    const fallback = schema ? defaultOf(schema) : undefined;
    if (param.schema && fallback !== undefined) param.schema.default = fallback;
  };
  for (const param of Object.values(doc.components.parameters)) tidy(param);
  for (const op of walletOperationList as readonly WalletOperation[]) {
    const operation = doc.paths[op.path]?.[op.method.toLowerCase()];
    const shape = op.params.shape as Record<string, z.core.$ZodType>;
    for (const param of operation?.parameters ?? []) {
      if (param.name) tidy(param, shape[param.name]);
    }
  }
}

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
