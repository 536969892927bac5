// One wallet operation, defined once (docs/architecture.md "One wallet operation, from its
// definition to the router, client and OpenAPI"): what the HTTP layer routes and validates, what
// the back-office client signs and checks, and what the OpenAPI document says about it. Each
// operation is one module under ./operations, built with defineOperation; ./operations.ts
// assembles the catalogue from them.
import type { z } from 'zod';
import type { EventType } from '@/lib/wallet/contract/enums';
import type { ResultCode, ResultCodeValue } from '@/lib/wallet/contract/result-codes';

/** The categories of docs/wallet-api.md "Operations": an operation's OpenAPI tag. */
export const OPERATION_TAGS = [
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
] as const;
export type OperationTag = (typeof OPERATION_TAGS)[number];

/**
 * The result codes any operation may answer (docs/wallet-api.md "Result codes": parameters,
 * method, path, signature, the unexpected failure, the rate limit): never listed per operation.
 */
type CommonResultCode =
  | typeof ResultCode.SUCCESS
  | typeof ResultCode.PARAM_MISSING
  | typeof ResultCode.PARAM_INVALID
  | typeof ResultCode.PARAM_DUPLICATED
  | typeof ResultCode.METHOD_NOT_ALLOWED
  | typeof ResultCode.NOT_FOUND
  | typeof ResultCode.SIGNATURE_MISMATCH
  | typeof ResultCode.TIMESTAMP_EXPIRED
  | typeof ResultCode.NONCE_USED
  | typeof ResultCode.APP_UNKNOWN
  | typeof ResultCode.INTERNAL
  | typeof ResultCode.RATE_LIMITED;

/** A result code of the business rules (3xxx, 4xxx): what one operation may answer beyond the common ones. */
export type BusinessResultCode = Exclude<ResultCodeValue, CommonResultCode>;

export type WalletOperation = {
  /** The operationId, and the operation's key in the catalogue. */
  name: string;
  method: 'GET' | 'POST';
  /** The path the signature covers (docs/wallet-api.md "Signature"). */
  path: string;
  /** One line; an extension's starts with "Extension: ". */
  summary: string;
  /** The spec's section (e.g. "4.3"), or "extension". */
  section: string;
  /** Its category in docs/wallet-api.md "Operations", the OpenAPI tag. */
  tag: OperationTag;
  /** Not in the card wallet interface: marked x-extension in the OpenAPI document. */
  extension: boolean;
  /** Changes something: runs once per requestId, in one transaction with it. */
  mutating: boolean;
  /**
   * One of the card network's messages (simulate/*, docs/card-spending.md "Sandbox and live"):
   * served only while WALLET_SIMULATION is on, else the path is no operation (HTTP 404, 1005).
   */
  sandbox?: boolean;
  /**
   * Parameters for which "given empty" means "remove" rather than "absent" (card/controls/set,
   * kyt/rules/set): the HTTP layer tells the handler which of them were given empty. The empty
   * value is not signed, like every empty parameter; the client sends it after the signed ones.
   */
  clearable?: readonly string[];
  /** Every query parameter, the five of the signature included. */
  params: z.ZodObject;
  /** The result: `data` of the envelope when code is 0. */
  data: z.ZodType;
  /** The business result codes it may answer, in ascending order. */
  codes: readonly BusinessResultCode[];
  /** The event types a successful call may write (docs/wallet-api.md "Events and webhooks"). */
  events: readonly EventType[];
  /**
   * What a parameter means for this operation, where the general meaning (openapi.ts) is not
   * precise enough or there is none; the OpenAPI document appends the rule from the schema.
   */
  paramText?: Readonly<Partial<Record<string, string>>>;
  /**
   * An example of a parameter for the OpenAPI document, where neither its building block
   * (schemas.ts, withWireForm) nor the examples by name (openapi.ts) give a fitting one; each must
   * pass the parameter's schema (openapi-truth.test.ts).
   */
  paramExamples?: Readonly<Partial<Record<string, string | number | boolean>>>;
};

/**
 * One operation's definition, its types kept: its name as a literal (the catalogue's key), its
 * schemas as given, and its paramText checked against its own parameters.
 */
export function defineOperation<const N extends string, P extends z.ZodObject, D extends z.ZodType>(
  definition: Omit<WalletOperation, 'name' | 'params' | 'data' | 'paramText' | 'paramExamples'> & {
    name: N;
    params: P;
    data: D;
    paramText?: { readonly [K in keyof P['shape']]?: string };
    paramExamples?: { readonly [K in keyof P['shape']]?: string | number | boolean };
  },
): typeof definition {
  return definition;
}
