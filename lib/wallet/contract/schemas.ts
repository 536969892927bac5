// The zod schemas of the wallet contract (docs/wallet-api.md "Operations", spec §2 and §4): the
// rules parameters are built from, the parameters the back-office's forms also build on or that
// several operations share, and the shapes of results and events. An operation's own parameter
// schema is in its definition (./operations/<name>.ts). The route handlers, the back-office
// client, the forms and the OpenAPI document all use these, so a rule is written once. Query
// parameters arrive as strings; typed callers (forms, the client) may pass numbers and booleans.
// Each rule's message reads after the parameter's name ("embossedName must be ...").
import { CARD_VIEW_ORIGINS_MAX } from './card-view-limits';
import { getAlpha2Codes, isValid as isCountryCode } from 'i18n-iso-countries';
import { z } from 'zod';
import { APP_USER_ID_PATTERN, MASKED_CARD_NUMBER_PATTERN, PERSON_NAME_PATTERN } from './patterns';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_NUM,
  MAX_PAGE_SIZE,
  CURSOR_RULE,
  decodeEventCursor,
  encodeEventCursor,
} from './paging';
import { chainAddress, chainOfAddress } from './chains';
import { AMOUNT_FORMAT_RULE, AMOUNT_PATTERN, AMOUNT_POSITIVE_RULE, amountTextRule } from './money';
import {
  AUTHORIZATION_STATUSES,
  DECIDED_BY,
  DECISION_FALLBACKS,
  DECLINE_REASONS,
  LIMIT_INTERVALS,
  CARD_ACCOUNT_STATUSES,
  CARD_CHANGE_REASONS,
  CARD_STATUS_REASONS,
  CARD_STATUSES,
  CARD_TYPES,
  DELIVERY_STATUSES,
  DEPOSIT_CHAINS,
  DISPUTE_REASONS,
  DISPUTE_STATUSES,
  DEPOSIT_STATUSES,
  EVENT_TYPES,
  GENDERS,
  LEDGER_TYPES,
  RISK_LEVELS,
  RISK_REASONS,
  SUPPORT_DOCUMENT_TYPES,
  WALLET_ACCOUNT_TYPES,
} from './enums';
import { withWireForm } from './wire-schema';

// The lists themselves live in enums.ts (zod-free, for the browser); every importer of the
// schemas gets them from here too.
export * from './enums';

// ---------------------------------------------------------------- parameter building blocks

// C0/C1 control characters, including NUL, CR and LF: never part of a legitimate value.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

// The JSON Schema pattern of CONTROL and of `v.trim() === v` (no white space at either end).
const NO_CONTROL_TRIMMED = '^(?!\\s)(?![\\s\\S]*\\s$)[^\\u0000-\\u001f\\u007f-\\u009f]*$';

export const text = (max: number) =>
  withWireForm(
    z
      .string()
      .min(1, 'must not be empty')
      .max(max, `must be at most ${max} characters`)
      .refine((v) => !CONTROL.test(v), 'must not contain control characters')
      .refine((v) => v.trim() === v, 'must not start or end with a space'),
    { type: 'string', minLength: 1, maxLength: max, pattern: NO_CONTROL_TRIMMED },
  );

const pattern = (re: RegExp, rule: string) => z.string().regex(re, rule);

export const agencyCodeParam = pattern(/^[A-Za-z0-9_-]{1,32}$/, "must be 1-32 letters, digits, '_' or '-'");
export const appIdParam = pattern(/^[A-Za-z0-9_.-]{1,64}$/, "must be 1-64 letters, digits, '_', '.' or '-'");
export const appUserIdParam = pattern(
  APP_USER_ID_PATTERN,
  "must be 1-64 letters, digits, '_', '.', '@', ':', '+' or '-'",
);
export const timestampParam = withWireForm(
  z.union([
    z
      .number('must be Unix epoch milliseconds')
      .int('must be Unix epoch milliseconds')
      .nonnegative('must be Unix epoch milliseconds'),
    pattern(/^\d{1,15}$/, 'must be Unix epoch milliseconds (digits only)').transform(Number),
  ]),
  { type: 'integer', minimum: 0, maximum: 999_999_999_999_999, example: 1767225600000 },
);
export const nonceParam = pattern(
  /^[A-Za-z0-9_-]{16,64}$/,
  "must be 16-64 characters of A-Z, a-z, 0-9, '_' or '-'",
);
export const signParam = z.string().max(128, 'must be at most 128 characters');
export const requestIdParam = pattern(
  /^[\x21-\x7e]{8,64}$/,
  'must be 8-64 printable ASCII characters without spaces',
);

export const emailParam = z
  .email('must be a valid e-mail address')
  .max(254, 'must be at most 254 characters');

export const personNameParam = withWireForm(
  pattern(
    PERSON_NAME_PATTERN,
    'must be 1-50 English letters, spaces, hyphens or apostrophes, starting with a letter',
  ).refine((v) => !/ {2}/.test(v), 'must not contain two spaces in a row'),
  { type: 'string', pattern: `^(?!.*  )${PERSON_NAME_PATTERN.source.slice(1)}`, example: "O'Brien-Smith" },
);

export const mobileParam = pattern(
  /^\d{1,4}-\d{4,14}$/,
  'must be <region code>-<digits>, e.g. 1-4155550100 or 852-91234567',
);

const isRealDate = (v: string) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1900;
};

/** yyyy-MM-dd from 1900 on, months 01-12, days 01-31 (isRealDate also checks the month's length). */
const DATE_PATTERN = '^(?:19\\d{2}|[2-9]\\d{3})-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\\d|3[01])$';

export const dateParam = withWireForm(
  z.string().refine(isRealDate, 'must be a real date from 1900 on, in the form yyyy-MM-dd'),
  { type: 'string', format: 'date', pattern: DATE_PATTERN, example: '2031-08-31' },
);
/**
 * An identity document's expiry (4.1 `documentExpiryDate`): a real date after today (UTC); an
 * expired document, or one expiring today, is refused with 1002 (docs/wallet-api.md "4.1 Register
 * and KYC").
 */
export const documentExpiryParam = withWireForm(
  dateParam.refine(
    (v) => v > new Date().toISOString().slice(0, 10),
    'must be a date after today (UTC): the document has expired',
  ),
  {
    type: 'string',
    format: 'date',
    pattern: DATE_PATTERN,
    example: '2031-08-31',
    inexpressible: 'must be a date after today (UTC)',
  },
);
export const birthdayParam = withWireForm(
  dateParam.refine((v) => v <= new Date().toISOString().slice(0, 10), 'must not be in the future'),
  {
    type: 'string',
    format: 'date',
    pattern: DATE_PATTERN,
    example: '1990-05-17',
    inexpressible: 'must not be in the future',
  },
);

// An http(s) URL as JSON Schema can say it: the scheme in any case, a host, no white space,
// control character or comma (URL_CHAR); `new URL` checks the rest.
const URL_CHAR = '[^\\s,\\u0000-\\u001f\\u007f-\\u009f]';
const HTTP_URL = `[Hh][Tt][Tt][Pp][Ss]?://(?![/?#])${URL_CHAR}+`;

export const httpUrlParam = withWireForm(
  z
    .string()
    .max(2048, 'must be at most 2048 characters')
    .refine((v) => {
      if (CONTROL.test(v) || /\s|,/.test(v)) return false;
      try {
        const u = new URL(v);
        return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
      } catch {
        return false;
      }
    }, 'must be an http(s) URL'),
  {
    type: 'string',
    maxLength: 2048,
    format: 'uri',
    pattern: `^${HTTP_URL}$`,
    example: 'https://files.example.com/kyc/passport-front.jpg',
  },
);

export const photosParam = withWireForm(
  z
    .string()
    .max(8000, 'must be at most 8000 characters')
    .refine((v) => {
      const urls = v.split(',');
      return urls.length >= 1 && urls.length <= 10 && urls.every((u) => httpUrlParam.safeParse(u).success);
    }, 'must be 1-10 http(s) URLs joined by commas'),
  {
    type: 'string',
    maxLength: 8000,
    pattern: `^${HTTP_URL}(?:,${HTTP_URL}){0,9}$`,
    example:
      'https://files.example.com/kyc/passport-front.jpg,https://files.example.com/kyc/passport-back.jpg',
  },
);

export const positiveIdParam = withWireForm(
  z.union([
    z
      .number()
      .int('must be a positive whole number')
      .min(1, 'must be a positive whole number')
      .max(2_147_483_647, 'must be at most 2147483647'),
    pattern(/^[1-9]\d{0,9}$/, 'must be a positive whole number')
      .transform(Number)
      .refine((n) => n <= 2_147_483_647, 'must be at most 2147483647'),
  ]),
  { type: 'integer', minimum: 1, maximum: 2_147_483_647, example: 1 },
);

export const boundedInt = (min: number, max: number) =>
  z
    .union([z.number(), pattern(/^\d{1,9}$/, 'must be a whole number').transform(Number)])
    .pipe(
      z
        .number()
        .int('must be a whole number')
        .min(min, `must be at least ${min}`)
        .max(max, `must be at most ${max}`),
    );

export const booleanParam = withWireForm(
  z.union([z.boolean(), z.enum(['true', 'false'], 'must be true or false').transform((v) => v === 'true')]),
  { type: 'boolean', example: false },
);

export const embossedNameParam = pattern(
  /^(?=.{1,20}$)[A-Z]+(?: [A-Z]+)*$/,
  'must be 1-20 upper-case letters A-Z with single spaces between words',
);

export const countryParam = withWireForm(
  pattern(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code, e.g. US').refine(
    (v) => isCountryCode(v),
    'must be an ISO 3166-1 alpha-2 country code, e.g. US',
  ),
  { type: 'string', enum: Object.keys(getAlpha2Codes()).sort(), example: 'US' },
);

export const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, `must be one of ${values.join(', ')}`);

// ---------------------------------------------------------------- parameters shared with the forms
// The parameters of 4.1, 4.2, 4.3/4.4, 4.7, address/update and address/delete: the back-office's
// forms build on them. Every other operation's parameters are in its own definition.

/** The parameters every signed operation carries (docs/wallet-api.md "Signature"). */
export const authParams = {
  agencyCode: agencyCodeParam,
  appId: appIdParam,
  timestamp: timestampParam,
  nonce: nonceParam,
  sign: signParam,
};

export const registerAndKycParams = z.object({
  ...authParams,
  appUserId: appUserIdParam,
  email: emailParam,
  firstName: personNameParam,
  lastName: personNameParam,
  birthday: birthdayParam,
  mobile: mobileParam,
  region: text(64),
  documentType: pattern(
    /^(?=.{1,32}$)[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/,
    "must be 1-32 letters or digits, words separated by a single space, '_' or '-'",
  ),
  documentNo: pattern(
    /^(?=.{1,40}$)[A-Za-z0-9]+(?:[ /-][A-Za-z0-9]+)*$/,
    "must be 1-40 letters or digits, groups separated by a single space, '/' or '-'",
  ),
  photos: photosParam,
  documentExpiryDate: documentExpiryParam.optional(),
  gender: oneOf(GENDERS).optional(),
  annualIncome: pattern(
    /^\d{1,12}(\.\d{1,2})?$/,
    'must be an amount in USD, e.g. 50000 or 50000.00',
  ).optional(),
  occupation: text(64).optional(),
  position: text(64).optional(),
  detailedAddress: text(200).optional(),
  cardUUID: z.uuid('must be a UUID').optional(),
  supportDocumentType: oneOf(SUPPORT_DOCUMENT_TYPES).optional(),
  supportDocumentUrl: httpUrlParam.optional(),
  requestId: requestIdParam.optional(),
});

export const cardListAllByUserParams = z.object({
  ...authParams,
  appUserId: appUserIdParam.optional(),
  email: emailParam.optional(),
  pageNum: boundedInt(1, MAX_PAGE_NUM).default(1),
  pageSize: boundedInt(1, MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  /**
   * Extension (docs/wallet-api.md "4.2 withCards"): only users holding at least one card, counted
   * so in dataTotal.
   */
  withCards: booleanParam.default(false),
});

export const applyCardParams = z.object({
  ...authParams,
  appUserId: appUserIdParam,
  paymentAssetId: positiveIdParam,
  categoryId: positiveIdParam,
  embossedName: embossedNameParam,
  needDelivery: booleanParam.default(false),
  addressId: positiveIdParam.optional(),
  // Checked by the service itself (Luhn, not yet bound): a bad number is 4006, not 1002.
  cardNumber: z.string().max(32, 'must be at most 32 characters').optional(),
  cardImageUrl: httpUrlParam.optional(),
  requestId: requestIdParam.optional(),
});

export const addAddressParams = z.object({
  ...authParams,
  appUserId: appUserIdParam,
  country: countryParam,
  city: text(64),
  street: text(128),
  firstName: personNameParam,
  lastName: personNameParam,
  mobile: mobileParam,
  province: text(64).optional(),
  postalCode: pattern(
    /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,10}[A-Za-z0-9])?$/,
    "must be 1-12 letters, digits, spaces or '-'",
  ).optional(),
  detailedAddress: text(200).optional(),
  isDefault: booleanParam.default(false),
  requestId: requestIdParam.optional(),
});

// ---------------------------------------------------------------- the card programme
// (docs/wallet-api.md "The card programme after issuance")

/**
 * A positive amount in major units as a decimal string: digits, optionally a point and up to
 * six decimals (the asset's own decimalPlaces is checked against it once the asset is known).
 */
export const amountParam = withWireForm(
  z.union([
    pattern(AMOUNT_PATTERN, AMOUNT_FORMAT_RULE).refine(
      (v) => amountTextRule(v) === undefined,
      AMOUNT_POSITIVE_RULE,
    ),
    z
      .number()
      .positive(AMOUNT_POSITIVE_RULE)
      .transform((n) => String(n)),
  ]),
  {
    // On the wire a decimal string (a typed caller's number is sent as one): AMOUNT_PATTERN with
    // at least one non-zero digit.
    type: 'string',
    pattern: `^(?=[0-9.]*[1-9])${AMOUNT_PATTERN.source.slice(1)}`,
    example: '25.00',
    inexpressible: "must have at most the asset's decimalPlaces decimals (else 1002 on amount)",
  },
);

/** simulate/clear's and simulate/reverse's parameters: the authorization, an optional amount. */
export const simulateAuthorizationParams = z.object({
  ...authParams,
  authorizationId: positiveIdParam,
  amount: amountParam.optional(),
  requestId: requestIdParam.optional(),
});

/** A merchant category code: exactly 4 digits. */
export const mccParam = pattern(/^\d{4}$/, 'must be a merchant category code of exactly 4 digits');
/** A currency: 3 upper-case letters (ISO 4217). */
export const currencyParam = pattern(
  /^[A-Z]{3}$/,
  'must be a currency code of 3 upper-case letters, e.g. USD',
);

/** A list of distinct values separated by commas, each under `rule`: sorted, duplicates dropped. */
const commaList = (check: (v: string) => boolean, rule: string) =>
  z
    .string()
    .max(2000, 'must be at most 2000 characters')
    .transform((v, ctx) => {
      const parts = v.split(',').map((p) => p.trim());
      if (parts.some((p) => !check(p)) || parts.length > 200) {
        ctx.addIssue({ code: 'custom', message: rule });
        return z.NEVER;
      }
      return [...new Set(parts)].sort();
    });
export const blockedMccParam = commaList(
  (p) => /^\d{4}$/.test(p),
  'must be at most 200 merchant category codes of 4 digits separated by commas',
);
export const blockedCountriesParam = commaList(
  (p) => /^[A-Z]{2}$/.test(p) && isCountryCode(p),
  'must be at most 200 ISO 3166-1 alpha-2 country codes separated by commas',
);

/** An opaque cursor: the nextCursor of the page before (docs/card-spending.md "Rules"). */
export const cursorParam = withWireForm(pattern(/^[A-Za-z0-9_-]{1,64}$/, CURSOR_RULE), {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  // base64url of "1764028800000.88": after the authorization 88 of 2025-11-25T00:00:00Z.
  example: 'MTc2NDAyODgwMDAwMC44OA',
});

/** The card every card-programme operation acts on, with the signature's parameters. */
export const cardRefParams = { ...authParams, appUserId: appUserIdParam, cardId: positiveIdParam };
export const reasonParam = oneOf(CARD_CHANGE_REASONS);

/** Every 4.7 field may be changed; none is required but the address to change. */
export const addressUpdateParams = z.object({
  ...authParams,
  appUserId: appUserIdParam,
  addressId: positiveIdParam,
  country: addAddressParams.shape.country.optional(),
  city: addAddressParams.shape.city.optional(),
  street: addAddressParams.shape.street.optional(),
  firstName: personNameParam.optional(),
  lastName: personNameParam.optional(),
  mobile: mobileParam.optional(),
  province: addAddressParams.shape.province,
  postalCode: addAddressParams.shape.postalCode,
  detailedAddress: addAddressParams.shape.detailedAddress,
  isDefault: booleanParam.optional(),
  requestId: requestIdParam.optional(),
});

export const addressDeleteParams = z.object({
  ...authParams,
  appUserId: appUserIdParam,
  addressId: positiveIdParam,
  requestId: requestIdParam.optional(),
});

// ---------------------------------------------------------------- events and webhooks
// (docs/wallet-api.md "Events and webhooks")

/**
 * A webhook URL, as far as its text goes: http(s), a host, no user name or password (they would
 * be sent to the receiver in the clear and kept in logs). Whether http:// is allowed and where the
 * host resolves are the service's checks (WALLET_WEBHOOK_ALLOW_PRIVATE), also 1002 on `url`.
 */
export const webhookUrlParam = withWireForm(
  httpUrlParam.refine((v) => {
    try {
      const u = new URL(v);
      return u.username === '' && u.password === '';
    } catch {
      return true; // reported by httpUrlParam
    }
  }, 'must not carry a user name or password'),
  {
    type: 'string',
    maxLength: 2048,
    format: 'uri',
    // No '@' before the path: no user name or password.
    pattern: `^[Hh][Tt][Tt][Pp][Ss]?://(?![/?#])[^\\s,@/?#\\u0000-\\u001f\\u007f-\\u009f]+(?:[/?#]${URL_CHAR}*)?$`,
    example: 'https://hooks.example.com/wallet-events',
  },
);

/** `*`, or event types separated by commas: the sorted, distinct list (['*'] for every type). */
const EVENT_TYPE_ALTERNATIVES = `(?:${EVENT_TYPES.map((t) => t.replace(/\./g, '\\.')).join('|')})`;

export const eventTypesParam = withWireForm(
  z
    .string()
    .max(400, 'must be at most 400 characters')
    .transform((v, ctx) => {
      const parts = v.split(',').map((p) => p.trim());
      if (parts.length === 1 && parts[0] === '*') return ['*'];
      const known = new Set<string>(EVENT_TYPES);
      if (parts.some((p) => !known.has(p))) {
        ctx.addIssue({
          code: 'custom',
          message: `must be * or event types separated by commas, from: ${EVENT_TYPES.join(', ')}`,
        });
        return z.NEVER;
      }
      return [...new Set(parts)].sort();
    }),
  {
    type: 'string',
    maxLength: 400,
    pattern: `^\\s*(?:\\*|${EVENT_TYPE_ALTERNATIVES}\\s*(?:,\\s*${EVENT_TYPE_ALTERNATIVES}\\s*)*)\\s*$`,
    example: 'card.issued,transfer.completed',
  },
);

/** event/list's cursor: the nextCursor of an earlier reply, as the internal id it continues after. */
export const eventCursorParam = withWireForm(
  z
    .string()
    .max(64, 'must be the nextCursor of an earlier event/list reply')
    .transform((v, ctx) => {
      const id = decodeEventCursor(v);
      if (id === undefined) {
        ctx.addIssue({ code: 'custom', message: 'must be the nextCursor of an earlier event/list reply' });
        return z.NEVER;
      }
      return id;
    }),
  { type: 'string', maxLength: 64, pattern: '^[A-Za-z0-9_-]{1,64}$', example: encodeEventCursor(1234) },
);

export const eventIdParam = pattern(
  /^evt_[A-Za-z0-9_-]{24,60}$/,
  "must be an event id: evt_ and 24-60 letters, digits, '_' or '-'",
);

// ---------------------------------------------------------------- deposits and KYT
// (docs/deposits-and-kyt.md "Operations"): the chain-specific forms of an address and a txHash
// are the service's checks (chains.ts), 1002 on the field all the same.

export const depositChainParam = oneOf(DEPOSIT_CHAINS);
export const depositStatusParam = oneOf(DEPOSIT_STATUSES);
/** An address on some chain, before its chain's form is checked. */
export const chainAddressParam = pattern(/^[A-Za-z0-9]{1,64}$/, 'must be 1-64 letters or digits');
export const txHashParam = pattern(/^[A-Za-z0-9]{1,66}$/, 'must be 1-66 letters or digits');
/** The back-office's approval of a release (release-approval.ts): an HMAC-SHA256 in hex. */
export const releaseApprovalParam = pattern(/^[0-9a-f]{64}$/, 'must be 64 lower-case hex characters');

/**
 * Addresses separated by commas (ETHEREUM or TRON forms with their checksums, Ethereum's kept in
 * lower case), the distinct ones sorted; given empty, the empty list. White space alone is no list
 * (1002): it is neither empty nor an address. A mistyped address is refused rather than listed,
 * since it would never match a deposit (docs/deposits-and-kyt.md "kyt/rules/set").
 */
export const addressListParam = z
  .string()
  .max(12_000, 'must be at most 12000 characters')
  .transform((v, ctx) => {
    const form = 'must be ETHEREUM (0x and 40 hex) or TRON (T and 33 base58) addresses separated by commas';
    const parts = v
      .split(',')
      .map((p) => p.trim())
      .filter((p) => p !== '');
    if (v !== '' && parts.length === 0) {
      ctx.addIssue({ code: 'custom', message: form });
      return z.NEVER;
    }
    const addresses: string[] = [];
    for (const part of parts) {
      const chain = chainOfAddress(part);
      const stored = chain && chainAddress(chain, part);
      if (!stored) {
        ctx.addIssue({
          code: 'custom',
          message: chain
            ? 'must be addresses with valid checksums: EIP-55 for a mixed-case ETHEREUM address, base58check for TRON'
            : form,
        });
        return z.NEVER;
      }
      addresses.push(stored);
    }
    return [...new Set(addresses)].sort();
  });

// ---------------------------------------------------------------- results (spec §2)

const isoDateTime = z.iso.datetime();

/**
 * A card number as every reply carries it (docs/wallet-api.md "Card numbers"): the first six
 * digits, '*' per hidden digit, the last four; the whole number is shown to its holder only.
 */
const maskedCardNumber = z.string().regex(MASKED_CARD_NUMBER_PATTERN).meta({
  description:
    "The card number masked: the first six digits, '*' for each hidden digit, the last four (411111******1234); the whole number is shown only to the cardholder",
});

/** 2.2 */
export const registeredUserSchema = z.object({
  agencyCode: z.string(),
  appId: z.string(),
  appUserId: z.string(),
  email: z.string(),
  walletAccountType: z.enum(WALLET_ACCOUNT_TYPES),
  walletToken: z.string(),
});

/** 2.4 */
export const cardRecordSchema = z.object({
  activeTime: isoDateTime.nullable(),
  agencyCode: z.string(),
  cardAccountStatus: z.enum(CARD_ACCOUNT_STATUSES),
  cardAssetId: z.number().int(),
  cardHolder: z.string(),
  cardId: z.number().int(),
  cardNumber: maskedCardNumber,
  cardUUID: z.string(),
  categoryId: z.number().int(),
  channel: z.string(),
  currency: z.string(),
  currencyIcon: z.string(),
  currencySymbol: z.string(),
  decimalPlaces: z.number().int(),
  email: z.string(),
  embossedName: z.string(),
  expireMonth: z.string(),
  expireYear: z.string(),
  feature: z.string(),
  last4: z.string(),
  level: z.number().int(),
  marginAssetId: z.number().int(),
  mobile: z.string(),
  name: z.string(),
  network: z.string(),
  rejectReason: z.string(),
  status: z.enum(CARD_STATUSES),
  styleConfig: z.string(),
  type: z.enum(CARD_TYPES),
  updateTime: isoDateTime,
  userId: z.number().int(),
});

/** 2.3 user entry */
export const userWithCardsSchema = z.object({
  agencyCode: z.string(),
  appId: z.string(),
  appUserId: z.string(),
  email: z.string(),
  walletAccountType: z.enum(WALLET_ACCOUNT_TYPES),
  cardList: z.array(cardRecordSchema),
  documentNo: z.string(),
  documentType: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string(),
  nickname: z.string(),
  profilePhoto: z.string(),
  regionCode: z.string(),
  regionDesc: z.string(),
  registerTime: isoDateTime,
});

/** 2.3 */
export const usersWithCardsPageSchema = z.object({
  dataTotal: z.number().int(),
  haveNext: z.boolean(),
  list: z.array(userWithCardsSchema),
});

/** 2.5 (expiryMonth/expiryYear here, as the spec has them) */
export const cardApplicationSchema = z.object({
  channel: z.string(),
  status: z.enum(CARD_STATUSES),
  cardAccountStatus: z.enum(CARD_ACCOUNT_STATUSES),
  cardId: z.number().int(),
  cardNumber: maskedCardNumber,
  cardUUID: z.string(),
  embossedName: z.string(),
  expiryMonth: z.string(),
  expiryYear: z.string(),
  last4: z.string(),
  msg: z.string(),
});

/** 2.6 */
export const assetSchema = z.object({
  agencyCode: z.string(),
  appId: z.string(),
  appUserId: z.string(),
  assetId: z.number().int(),
  assetName: z.string(),
  balance: z.number(),
  currency: z.string(),
  decimalPlaces: z.number().int(),
  defaultAsset: z.number().int(),
  icon: z.string(),
  symbol: z.string(),
  type: z.string(),
});

/** 2.7 */
export const userCardSummarySchema = z.object({
  appId: z.string(),
  appUserId: z.string(),
  cardAssetId: z.number().int(),
  cardHolder: z.string(),
  cardId: z.number().int(),
  cardName: z.string(),
  cardNumber: maskedCardNumber,
  cardUUID: z.string(),
  currency: z.string(),
  currencyIcon: z.string(),
  currencySymbol: z.string(),
  decimalPlaces: z.number().int(),
  expireMonth: z.string(),
  expireYear: z.string(),
  last4: z.string(),
  marginAssetId: z.number().int(),
  network: z.string(),
  status: z.enum(CARD_STATUSES),
  type: z.enum(CARD_TYPES),
  userEmail: z.string(),
});

/** 2.8 */
export const addressCreatedSchema = z.object({
  addressId: z.number().int(),
  agencyCode: z.string(),
  appId: z.string(),
  appUserId: z.string(),
});

/** Extension: card category */
export const cardCategorySchema = z.object({
  categoryId: z.number().int(),
  name: z.string(),
  network: z.string(),
  type: z.enum(CARD_TYPES),
  currency: z.string(),
  currencySymbol: z.string(),
  decimalPlaces: z.number().int(),
  fee: z.number(),
  level: z.number().int(),
  feature: z.string(),
});

/** Extension: stored address (2.8 plus the stored fields of 4.7) */
export const addressSchema = addressCreatedSchema.extend({
  country: z.string(),
  province: z.string().nullable(),
  city: z.string(),
  street: z.string(),
  detailedAddress: z.string().nullable(),
  postalCode: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  mobile: z.string(),
  isDefault: z.boolean(),
  createTime: isoDateTime,
});

/** card/detail: one status change, oldest first (issuance is the first, from null). */
export const cardStatusChangeSchema = z.object({
  fromStatus: z.enum(CARD_STATUSES).nullable(),
  toStatus: z.enum(CARD_STATUSES),
  reason: z.enum(CARD_STATUS_REASONS).nullable(),
  at: isoDateTime,
});

/**
 * The card record of the card programme's operations (docs/wallet-api.md "Card record"): the 2.7
 * fields, plus the account status and embossed name a card page shows.
 */
export const managedCardSchema = userCardSummarySchema.extend({
  cardAccountStatus: z.enum(CARD_ACCOUNT_STATUSES),
  embossedName: z.string(),
});

/**
 * card/detail: the card record plus its card asset's balance, what of it is available (balance
 * less open holds, docs/card-spending.md "Money model"), its status history, and the cards a
 * replacement links it to (docs/wallet-api.md "card/replace").
 */
export const cardDetailSchema = managedCardSchema.extend({
  balance: z.number(),
  availableBalance: z.number(),
  history: z.array(cardStatusChangeSchema),
  /** The card card/replace cancelled to issue this one, or null (extension). */
  replacesCardId: z.number().int().nullable(),
  /** The card card/replace issued in this one's place, or null (extension). */
  replacedByCardId: z.number().int().nullable(),
});

/** asset/transfer */
export const transferSchema = z.object({
  transferId: z.number().int(),
  fromAssetId: z.number().int(),
  toAssetId: z.number().int(),
  amount: z.number(),
  fromBalance: z.number(),
  toBalance: z.number(),
});

/** asset/ledger entry, newest first; amount signed, major units. */
export const ledgerEntrySchema = z.object({
  entryId: z.number().int(),
  type: z.enum(LEDGER_TYPES),
  amount: z.number(),
  balanceAfter: z.number(),
  cardId: z.number().int().nullable(),
  transferId: z.number().int().nullable(),
  /** The other side of a transfer: the asset the money came from or went to (extension). */
  counterAssetId: z.number().int().nullable(),
  /**
   * Whose the other side is (extension): the app user owning the transfer's other asset, or the
   * holder of the entry's card; null when that is the agency or there is no other side.
   */
  counterAppUserId: z.string().nullable(),
  createdAt: isoDateTime,
});

export const ledgerPageSchema = z.object({
  dataTotal: z.number().int(),
  haveNext: z.boolean(),
  list: z.array(ledgerEntrySchema),
});

/** asset/daily: one UTC day of an asset's ledger, major units. */
export const assetDaySchema = z.object({
  /** The UTC day, yyyy-MM-dd. */
  date: z.iso.date(),
  /** CARD_FEE, TRANSFER_OUT and CARD_SPEND entries of the day, as a positive amount. */
  spent: z.number(),
  /** PROVISION, CREDIT, TRANSFER_IN, CARD_REFUND, MERCHANT_REFUND and DEPOSIT entries into the asset that day. */
  received: z.number(),
  /** The balance at the end of the day (today: now). */
  closingBalance: z.number(),
});

/** asset/daily: exactly `days` days, oldest first, today (UTC) last; days without entries included. */
export const assetDailySchema = z.object({
  assetId: z.number().int(),
  currency: z.string(),
  days: z.array(assetDaySchema),
});

export const addressDeletedSchema = z.object({ addressId: z.number().int() });

export const userSearchResultSchema = z.object({ list: z.array(userWithCardsSchema) });

// ---------------------------------------------------------------- card spending
// (docs/card-spending.md)

/** An authorization (docs/card-spending.md "Authorization"); amounts in major units. */
export const authorizationSchema = z.object({
  authorizationId: z.number().int(),
  cardId: z.number().int(),
  appUserId: z.string(),
  status: z.enum(AUTHORIZATION_STATUSES),
  amount: z.number(),
  heldAmount: z.number(),
  clearedAmount: z.number(),
  refundedAmount: z.number(),
  currency: z.string(),
  merchant: z.object({ name: z.string(), mcc: z.string(), country: z.string() }),
  declineReason: z.enum(DECLINE_REASONS).nullable(),
  decidedBy: z.enum(DECIDED_BY),
  /**
   * The agency's own reason for an AGENCY_DECLINED (up to 200 characters, counted as Unicode code
   * points as PostgreSQL counts them), else null.
   */
  agencyReason: z.string().nullable(),
  transactionId: z.number().int().nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** card/authorizations, authorization/list: newest first; nextCursor null after the last page. */
export const authorizationPageSchema = z.object({
  list: z.array(authorizationSchema),
  nextCursor: z.string().nullable(),
});

/** What authorizations add up to in one currency (major units; DECLINED ones hold none). */
export const authorizationAmountsSchema = z.object({
  currency: z.string(),
  /** The authorized amounts of the approved ones (every status but DECLINED). */
  approvedAmount: z.number(),
  /** What is still held (PENDING ones). */
  heldAmount: z.number(),
  clearedAmount: z.number(),
  refundedAmount: z.number(),
});

/** One UTC day of authorization/summary. */
export const authorizationSummaryDaySchema = z.object({
  /** The UTC day of the authorizations' createdAt, yyyy-MM-dd. */
  date: z.iso.date(),
  count: z.number().int(),
  approvedCount: z.number().int(),
  declinedCount: z.number().int(),
  amounts: z.array(authorizationAmountsSchema),
});

/** authorization/summary (docs/card-spending.md "Summary"). */
export const authorizationSummarySchema = z.object({
  count: z.number().int(),
  approvedCount: z.number().int(),
  declinedCount: z.number().int(),
  /** approvedCount / count, rounded to 4 decimals; null when count is 0. */
  approvalRate: z.number().nullable(),
  /** Per currency, by currency code. */
  amounts: z.array(authorizationAmountsSchema),
  /** The days with at least one authorization, oldest first. */
  days: z.array(authorizationSummaryDaySchema),
  /** Per declineReason, most frequent first (then by name). */
  declineReasons: z.array(z.object({ declineReason: z.enum(DECLINE_REASONS), count: z.number().int() })),
});

/** simulate/refund */
export const refundSchema = z.object({
  refundId: z.number().int(),
  transactionId: z.number().int(),
  amount: z.number(),
  /** The card asset's balance after the refund. */
  balance: z.number(),
});

/**
 * A dispute of a cleared purchase (docs/disputes.md "A dispute"); amount in major units; the
 * timestamps of steps not taken yet are null, creditTransactionId is the DISPUTE_CREDIT ledger
 * entry of a WON one.
 */
export const disputeSchema = z.object({
  disputeId: z.number().int(),
  transactionId: z.number().int(),
  authorizationId: z.number().int(),
  cardId: z.number().int(),
  appUserId: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  reason: z.enum(DISPUTE_REASONS),
  amount: z.number(),
  currency: z.string(),
  merchant: z.object({ name: z.string(), mcc: z.string(), country: z.string() }),
  explanation: z.string().nullable(),
  evidence: z.string().nullable(),
  /** The last moment to submit it: the purchase's clearing + 110 days (UTC). */
  dueBy: isoDateTime,
  createdAt: isoDateTime,
  submittedAt: isoDateTime.nullable(),
  resolvedAt: isoDateTime.nullable(),
  creditTransactionId: z.number().int().nullable(),
});

/** dispute/list: newest first; nextCursor null after the last page. */
export const disputePageSchema = z.object({
  list: z.array(disputeSchema),
  nextCursor: z.string().nullable(),
});

/**
 * dispute/summary (docs/disputes.md "dispute/summary"): exact counts of the app's OPEN and
 * SUBMITTED disputes, the OPEN ones due within dueWithinDays (past-due ones not expired yet
 * included), and up to 10 OPEN ones, the soonest dueBy first.
 */
export const disputeSummarySchema = z.object({
  open: z.number().int(),
  submitted: z.number().int(),
  dueSoon: z.number().int(),
  dueWithinDays: z.number().int(),
  soonest: z.array(disputeSchema),
});

/** One set limit with what is spent and remains in its current window. */
export const spendingLimitSchema = z.object({
  interval: z.enum(LIMIT_INTERVALS),
  amount: z.number(),
  spent: z.number(),
  remaining: z.number(),
  /** When the window starts again (UTC); null for PER_TRANSACTION and ALL_TIME. */
  resetsAt: isoDateTime.nullable(),
});

/** card/controls, card/controls/set (docs/card-spending.md "Spending controls"). */
export const cardControlsSchema = z.object({
  limits: z.array(spendingLimitSchema),
  blockedMcc: z.array(z.string()),
  blockedCountries: z.array(z.string()),
});

/**
 * decision/set: the secret only when this call drew one (the app's first URL, or rotateSecret=true),
 * else null; url null when there is no endpoint.
 */
export const decisionEndpointSchema = z.object({
  url: z.string().nullable(),
  fallback: z.enum(DECISION_FALLBACKS),
  timeoutMs: z.number().int(),
  secret: z.string().nullable(),
});

/**
 * What the service POSTs to the agency's decision URL (docs/integrator-guide.md "The agency's
 * decision"): the authorization it is about to approve, its own checks passed. Signed as webhook
 * deliveries are, with the decision secret.
 */
export const decisionRequestSchema = z.object({
  authorizationId: z
    .number()
    .int()
    .meta({ description: 'The id the authorization has, approved or declined' }),
  cardId: z.number().int().meta({ description: 'The card paying' }),
  appUserId: z.string().meta({ description: "The card's holder" }),
  amount: z.number().meta({ description: 'The purchase, major units of currency' }),
  currency: z.string().meta({ description: "The card's currency" }),
  merchant: z
    .object({
      name: z.string(),
      mcc: z.string().meta({ description: 'Merchant category code, 4 digits' }),
      country: z.string().meta({ description: 'ISO 3166 alpha-2' }),
    })
    .meta({ description: 'Who is paid' }),
  availableBalance: z.number().meta({
    description: 'What the card can spend before this purchase (balance less open holds), major units',
  }),
  createdAt: isoDateTime.meta({ description: 'When the service received the authorization (UTC)' }),
});

/**
 * The agency's answer, with any 2xx status: `{"approved": true}` approves; `{"approved": false}`
 * declines (AGENCY_DECLINED, `reason` kept as the authorization's agencyReason). Any other answer
 * is the agency being unavailable: the fallback applies.
 */
export const decisionAnswerSchema = z.object({
  approved: z.boolean().meta({ description: 'true approves; false declines (AGENCY_DECLINED)' }),
  reason: z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'With approved false: why, kept on the authorization as agencyReason' }),
});

/** decision/get: the settings without the secret; secretCreatedAt null when none was ever drawn. */
export const decisionSettingsSchema = z.object({
  url: z.string().nullable(),
  fallback: z.enum(DECISION_FALLBACKS),
  timeoutMs: z.number().int(),
  secretCreatedAt: isoDateTime.nullable(),
});

/** webhook/rotateSecret: the endpoint's new signing secret, in this answer only. */
export const webhookSecretSchema = z.object({ endpointId: z.number().int(), secret: z.string() });

export type Authorization = z.infer<typeof authorizationSchema>;
export type AuthorizationPage = z.infer<typeof authorizationPageSchema>;
export type AuthorizationSummary = z.infer<typeof authorizationSummarySchema>;
export type AuthorizationAmounts = z.infer<typeof authorizationAmountsSchema>;
export type Refund = z.infer<typeof refundSchema>;
export type Dispute = z.infer<typeof disputeSchema>;
export type DisputePage = z.infer<typeof disputePageSchema>;
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;
export type SpendingLimit = z.infer<typeof spendingLimitSchema>;
export type CardControls = z.infer<typeof cardControlsSchema>;
export type DecisionEndpoint = z.infer<typeof decisionEndpointSchema>;
export type DecisionSettings = z.infer<typeof decisionSettingsSchema>;

/**
 * user/detail (docs/wallet-api.md "Extension: a user's KYC record"): what 4.1 registered to verify
 * a caller against. `documentNo` is whole: the back-office masks it before any page shows it.
 */
export const userDetailSchema = z.object({
  appUserId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  birthday: z.string(),
  gender: z.string().nullable(),
  mobile: z.string(),
  region: z.string(),
  documentType: z.string(),
  documentNo: z.string(),
  documentExpiryDate: z.string().nullable(),
  registerTime: isoDateTime,
});

export type RegisteredUser = z.infer<typeof registeredUserSchema>;
export type CardRecord = z.infer<typeof cardRecordSchema>;
export type UserWithCards = z.infer<typeof userWithCardsSchema>;
export type UsersWithCardsPage = z.infer<typeof usersWithCardsPageSchema>;
export type CardApplication = z.infer<typeof cardApplicationSchema>;
export type Asset = z.infer<typeof assetSchema>;
export type UserCardSummary = z.infer<typeof userCardSummarySchema>;
export type AddressCreated = z.infer<typeof addressCreatedSchema>;
export type CardCategory = z.infer<typeof cardCategorySchema>;
export type Address = z.infer<typeof addressSchema>;
export type CardStatusChange = z.infer<typeof cardStatusChangeSchema>;
export type ManagedCard = z.infer<typeof managedCardSchema>;
export type CardDetail = z.infer<typeof cardDetailSchema>;
export type Transfer = z.infer<typeof transferSchema>;
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;
export type LedgerPage = z.infer<typeof ledgerPageSchema>;
export type AssetDay = z.infer<typeof assetDaySchema>;
export type AssetDaily = z.infer<typeof assetDailySchema>;
export type AddressDeleted = z.infer<typeof addressDeletedSchema>;
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;
export type UserDetail = z.infer<typeof userDetailSchema>;

// ---------------------------------------------------------------- deposits and KYT results
// (docs/deposits-and-kyt.md "Deposits", "KYT")

export const depositAddressSchema = z.object({
  appUserId: z.string(),
  chain: z.enum(DEPOSIT_CHAINS),
  address: z.string(),
});

export const riskSchema = z.object({
  level: z.enum(RISK_LEVELS),
  reasons: z.array(z.enum(RISK_REASONS)),
});

/** A deposit; `risk` is null until it is screened, `creditedAt` until it is credited. */
export const depositSchema = z.object({
  depositId: z.number().int(),
  appUserId: z.string(),
  chain: z.enum(DEPOSIT_CHAINS),
  txHash: z.string(),
  logIndex: z.number().int(),
  fromAddress: z.string(),
  address: z.string(),
  /** The token amount, up to 6 decimals. */
  amount: z.number(),
  /** `amount` rounded down to the wallet asset's decimal places: what is (or would be) credited. */
  creditedAmount: z.number(),
  confirmations: z.number().int(),
  requiredConfirmations: z.number().int(),
  status: z.enum(DEPOSIT_STATUSES),
  risk: riskSchema.nullable(),
  note: z.string().nullable(),
  createdAt: isoDateTime,
  creditedAt: isoDateTime.nullable(),
});

export const depositPageSchema = z.object({
  list: z.array(depositSchema),
  nextCursor: z.string().nullable(),
});

export const kytRulesSchema = z.object({
  blockedAddresses: z.array(z.string()),
  reviewAddresses: z.array(z.string()),
  /** Major units. */
  reviewAmount: z.number(),
  /** Major units. */
  severeAmount: z.number(),
  /** false: deposit/release needs the back-office's approval (docs/deposits-and-kyt.md "deposit/release"). */
  apiRelease: z.boolean(),
});

export type DepositAddress = z.infer<typeof depositAddressSchema>;
export type Risk = z.infer<typeof riskSchema>;
export type Deposit = z.infer<typeof depositSchema>;
export type DepositPage = z.infer<typeof depositPageSchema>;
export type KytRules = z.infer<typeof kytRulesSchema>;

// ---------------------------------------------------------------- events and webhooks
// (docs/wallet-api.md "Events and webhooks")

export const webhookEndpointSchema = z.object({
  endpointId: z.number().int(),
  url: z.string(),
  /** ['*'] for every type, or the types subscribed to. */
  events: z.array(z.string()),
  description: z.string().nullable(),
  createdAt: isoDateTime,
});
/** webhook/add: the endpoint and its signing secret, which no later answer shows again. */
export const webhookCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export const webhookDeletedSchema = z.object({ endpointId: z.number().int() });

export const deliverySchema = z.object({
  endpointId: z.number().int(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastAttemptAt: isoDateTime.nullable(),
  lastStatusCode: z.number().int().nullable(),
  /** Why the last attempt failed when no status code says it (timeout, refused address...). */
  lastError: z.string().nullable(),
  nextAttemptAt: isoDateTime.nullable(),
});

/** webhook/test: the delivery of the new `ping` event, and that event's id. */
export const testDeliverySchema = deliverySchema.extend({ eventId: z.string() });

/** The event as delivered: the body a receiver gets, byte for byte. */
export const walletEventSchema = z.object({
  id: z.string(),
  type: z.enum(EVENT_TYPES),
  createdAt: isoDateTime,
  agencyCode: z.string(),
  appId: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export const eventWithDeliveriesSchema = walletEventSchema.extend({ deliveries: z.array(deliverySchema) });
export const eventPageSchema = z.object({
  dataTotal: z.number().int(),
  haveNext: z.boolean(),
  list: z.array(eventWithDeliveriesSchema),
  /** Give it as `cursor` for the next page (older events); null on the last page. */
  nextCursor: z.string().nullable(),
});

/** A card as events carry it: the card programme's record with the number as last4 only. */
export const eventCardSchema = managedCardSchema.omit({ cardNumber: true });

/**
 * `data` of each event type (docs/wallet-api.md "Events and webhooks"). No event carries a whole
 * card or document number.
 */
export const eventDataSchemas = {
  'user.registered': registeredUserSchema.omit({ walletToken: true }),
  'card.issued': eventCardSchema.extend({
    payer: z.enum(['AGENCY', 'USER']),
    /** The fee paid, major units. */
    fee: z.number(),
  }),
  'card.status_changed': z.object({
    cardId: z.number().int(),
    appUserId: z.string(),
    fromStatus: z.enum(CARD_STATUSES),
    toStatus: z.enum(CARD_STATUSES),
    reason: z.enum(CARD_STATUS_REASONS).nullable(),
  }),
  'transfer.completed': transferSchema,
  'address.added': addressSchema,
  'address.updated': addressSchema,
  'address.deleted': addressDeletedSchema.extend({ appUserId: z.string() }),
  'asset.low_balance': z.object({
    assetId: z.number().int(),
    /** Major units. */
    balance: z.number(),
    /** Cards of its dearest category the asset can still pay for. */
    cardsLeft: z.number().int(),
  }),
  'authorization.approved': authorizationSchema,
  'authorization.declined': authorizationSchema,
  'authorization.reversed': authorizationSchema,
  'authorization.expired': authorizationSchema,
  'transaction.cleared': authorizationSchema,
  'transaction.refunded': refundSchema,
  'deposit.detected': depositSchema,
  'deposit.held': depositSchema,
  'deposit.credited': depositSchema,
  'deposit.rejected': depositSchema,
  'kyt.rules_changed': z.object({ before: kytRulesSchema, after: kytRulesSchema }),
  /** webhook/test: the endpoint it was sent to (and to no other). */
  ping: z.object({ endpointId: z.number().int() }),
  'dispute.created': disputeSchema,
  'dispute.submitted': disputeSchema,
  'dispute.won': disputeSchema,
  'dispute.lost': disputeSchema,
  'dispute.withdrawn': disputeSchema,
  'dispute.expired': disputeSchema,
  /** A card-details page was opened (docs/wallet-api.md "The card-details link"). */
  'card.details_viewed': z.object({
    cardId: z.number().int(),
    appUserId: z.string(),
    viewedAt: isoDateTime,
    /** The address the page was opened from, as the service saw it. */
    ip: z.string(),
    userAgent: z.string(),
  }),
  'user.wallet_token_rotated': z.object({ appUserId: z.string() }),
} satisfies Record<(typeof EVENT_TYPES)[number], z.ZodType>;

export type EventData<T extends (typeof EVENT_TYPES)[number]> = z.infer<(typeof eventDataSchemas)[T]>;
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;
export type WebhookCreated = z.infer<typeof webhookCreatedSchema>;
export type Delivery = z.infer<typeof deliverySchema>;
export type WalletEvent = z.infer<typeof walletEventSchema>;
export type EventWithDeliveries = z.infer<typeof eventWithDeliveriesSchema>;
export type EventPage = z.infer<typeof eventPageSchema>;

// ---------------------------------------------------------------- the cardholder's channel
// (docs/wallet-api.md "The cardholder's channel")

/** card/detailsLink, me/card/detailsLink: a one-time address of the card-details page. */
export const cardDetailsLinkSchema = z.object({
  url: z.string(),
  expiresAt: isoDateTime,
});
export type CardDetailsLink = z.infer<typeof cardDetailsLinkSchema>;

/** app/cardViewOrigins, app/cardViewOrigins/set: the origins that may embed the page. */
export const cardViewOriginsSchema = z.object({ origins: z.array(z.string()) });
export type CardViewOrigins = z.infer<typeof cardViewOriginsSchema>;

/** One card as its holder sees it (me/cards, me/card/freeze, me/card/unfreeze): no whole number. */
export const cardholderCardSchema = z.object({
  cardId: z.number().int(),
  name: z.string(),
  network: z.string(),
  last4: z.string(),
  maskedNumber: z.string(),
  status: z.enum(CARD_STATUSES),
  /** Why the card has its status (CARDHOLDER_FROZEN when its holder froze it), or null. */
  statusReason: z.enum(CARD_STATUS_REASONS).nullable(),
  expireMonth: z.string(),
  expireYear: z.string(),
  currency: z.string(),
  /** Major units. */
  balance: z.number(),
  availableBalance: z.number(),
});
export type CardholderCard = z.infer<typeof cardholderCardSchema>;

/** user/walletToken/rotate: the user's new walletToken (the old one is refused from now on). */
export const rotatedWalletTokenSchema = z.object({ appUserId: z.string(), walletToken: z.string() });

/**
 * The origins of app/cardViewOrigins/set: comma-separated `https://` origins (scheme, host, an
 * optional port; no path; `http://` only on localhost or 127.0.0.1), at most 10; given empty,
 * none. Each is kept in its canonical form.
 */
export { CARD_VIEW_ORIGINS_MAX };
const CARD_VIEW_ORIGIN_RULE = `comma-separated https:// origins (http:// only on localhost or 127.0.0.1; no path, query or fragment), at most ${CARD_VIEW_ORIGINS_MAX}`;
const HTTPS_ORIGIN = '(?:https://[A-Za-z0-9.-]+|http://(?:localhost|127\\.0\\.0\\.1))(?::[0-9]{1,5})?/?';
export const cardViewOriginsParam = withWireForm(
  z
    .string(`must be ${CARD_VIEW_ORIGIN_RULE}`)
    .max(2000, `must be ${CARD_VIEW_ORIGIN_RULE}`)
    .transform((value, ctx) => {
      const parts = value
        .split(',')
        .map((p) => p.trim())
        .filter((p) => p !== '');
      const origins: string[] = [];
      for (const part of parts) {
        const origin = httpsOrigin(part);
        if (!origin) {
          ctx.addIssue({ code: 'custom', message: `must be ${CARD_VIEW_ORIGIN_RULE}` });
          return z.NEVER;
        }
        origins.push(origin);
      }
      const unique = [...new Set(origins)];
      if (unique.length > CARD_VIEW_ORIGINS_MAX) {
        ctx.addIssue({ code: 'custom', message: `must be ${CARD_VIEW_ORIGIN_RULE}` });
        return z.NEVER;
      }
      return unique;
    }),
  {
    type: 'string',
    maxLength: 2000,
    pattern: `^ *${HTTPS_ORIGIN} *(?:, *${HTTPS_ORIGIN} *){0,9}$`,
    example: 'https://app.example.com,https://www.example.com',
  },
);

/**
 * `https://host[:port]` in its canonical form, or null when `text` is not just such an origin. A
 * page on the developer's own machine (http://localhost, http://127.0.0.1) may frame it too: no
 * one else's page is served from there.
 */
function httpsOrigin(text: string): string | null {
  if (!/^(https:\/\/[A-Za-z0-9.-]+|http:\/\/(localhost|127\.0\.0\.1))(:[0-9]{1,5})?\/?$/.test(text))
    return null;
  try {
    const url = new URL(text);
    return url.hostname !== '' ? url.origin : null;
  } catch {
    return null;
  }
}

/** simulate/authorize's cvv: the 3 digits a card-not-present purchase carries. */
export const cvvParam = pattern(/^[0-9]{3}$/, 'must be 3 digits');
/** simulate/authorize's expiry: the card's expiry as a purchase carries it, MMYY. */
export const expiryParam = pattern(/^(0[1-9]|1[0-2])[0-9]{2}$/, 'must be MMYY (month 01-12, two-digit year)');
