// The back-office's typed client of the wallet API (docs/architecture.md "Two parts";
// docs/wallet-api.md "Signature"): one function per operation of the catalogue, each validating its
// input with the operation's own schema, signing the request, sending it over HTTP and checking the
// answer against the operation's data schema. Owns the wire format on the client side; the errors
// it throws are defined in ./errors.
import 'server-only';
import { z } from 'zod';
import {
  walletOperations,
  type OperationData,
  type OperationInput,
  type WalletOperation,
  type WalletOperationName,
} from '@/lib/wallet/contract/operations';
import { firstParamIssue } from '@/lib/wallet/contract/param-issues';
import { ResultCode } from '@/lib/wallet/contract/result-codes';
import { emptiedParams, newNonce, signedQuery, type QueryValue } from '@/lib/wallet/contract/signed-query';
import {
  invalidStaffMessage,
  missingStaffMessage,
  protocolStaffMessage,
  unavailableStaffMessage,
  walletErrorFromEnvelope,
  WalletInputError,
  WalletProtocolError,
  WalletUnavailableError,
  type UnavailableReason,
} from './errors';

/**
 * The parameters of docs/wallet-api.md "Signature", which the client adds itself and a caller may
 * not set.
 */
const AUTH_MASK = { agencyCode: true, appId: true, timestamp: true, nonce: true, sign: true } as const;
type AuthKey = keyof typeof AUTH_MASK;

/**
 * What a caller passes: the operation's parameters as its schema accepts them, minus the five of
 * docs/wallet-api.md "Signature"; for a cardholder's operation (me/*, docs/wallet-api.md "The
 * walletToken"), also the user's walletToken, sent as the bearer instead of a signature.
 */
export type WalletClientInput<N extends WalletOperationName> = N extends `me${string}`
  ? OwnParams<OperationInput<N>> & { walletToken: string }
  : Omit<OperationInput<N>, AuthKey>;
/** An operation's own parameters; none (`z.object({})`, whose input type is an index of never) as none. */
type OwnParams<P> = string extends keyof P ? Record<never, never> : P;

export type WalletClient = {
  readonly [N in WalletOperationName]: (input: WalletClientInput<N>) => Promise<OperationData<N>>;
};

export type WalletClientConfig = {
  /** Where the wallet service is; a path prefix is allowed, the signature still covers the spec path. */
  baseUrl: string;
  agencyCode: string;
  appId: string;
  secret: string;
  /** Per call, connection to last byte of the body. Default 10000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Unix epoch milliseconds for `timestamp`. */
  now?: () => number;
  /** 16-64 characters of A-Z a-z 0-9 _ -. */
  nonce?: () => string;
  /** One line per call, free of parameter values; default: silent. */
  log?: (line: string) => void;
  /**
   * Asked before each valid call is sent: what it throws is thrown and the call is not sent (the
   * back-office's share per member of staff, staff-pace.ts).
   */
  admit?: (operation: WalletOperationName) => Promise<void>;
  /**
   * Sent with once more when the service refuses `secret`'s signature (2001): the app's secret,
   * behind the back-office key, so that a service that does not have the back-office's key (an
   * instance that generated another, an older service) still serves staff, on the agency's
   * budget, while the log says what to fix (docs/operator-guide.md "The two budgets"). 2001 is
   * refused before anything is done, so sending again is safe for every operation.
   */
  fallbackSecret?: string;
};

export const DEFAULT_TIMEOUT_MS = 10_000;

const envelopeSchema = z.object({ code: z.number().int(), msg: z.string(), data: z.unknown().optional() });

/** Empty values are absent, as the service treats them (the signature drops them too). */
function presentEntries(input: unknown): Record<string, unknown> | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(input)) {
    if (value !== undefined && value !== null && value !== '') out[name] = value;
  }
  return out;
}

/** The failure's cause in a word: errno codes and error names carry no URL or value. */
function describeFailure(error: unknown): { reason: UnavailableReason; what: string } {
  const err = error as { name?: unknown; cause?: { code?: unknown } } | null;
  if (err?.name === 'TimeoutError') return { reason: 'timeout', what: 'timeout' };
  const code = err?.cause?.code;
  return { reason: 'network', what: typeof code === 'string' && /^\w{1,40}$/.test(code) ? code : 'network' };
}

/**
 * Each operation's parameter schema without the five of docs/wallet-api.md "Signature": those are
 * the client's to set.
 */
const inputSchemas = Object.fromEntries(
  (Object.keys(walletOperations) as WalletOperationName[]).map((name) => {
    const op: WalletOperation = walletOperations[name];
    return [
      name,
      op.auth === 'walletToken'
        ? op.params.extend({
            walletToken: z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'must be a walletToken'),
          })
        : op.params.omit(AUTH_MASK),
    ];
  }),
) as Record<WalletOperationName, z.ZodObject>;

/** The service's own wording (its HTTP layer's validateParams), so forms read the same either way. */
function inputError(
  operation: WalletOperationName,
  raw: Record<string, unknown> | undefined,
  error: z.ZodError | undefined,
): WalletInputError {
  if (raw === undefined || error === undefined) {
    return new WalletInputError({
      operation,
      code: null,
      staffMessage: invalidStaffMessage(undefined, undefined),
      detail: `wallet ${operation}: the input must be an object of parameters`,
    });
  }
  const issue = firstParamIssue(error, raw);
  return new WalletInputError({
    operation,
    code: null,
    field: issue.name,
    staffMessage:
      issue.kind === 'missing'
        ? missingStaffMessage(issue.name)
        : invalidStaffMessage(issue.name, issue.rule),
    detail: issue.message,
  });
}

export function createWalletClient(config: WalletClientConfig): WalletClient {
  const base = new URL(config.baseUrl);
  if ((base.protocol !== 'http:' && base.protocol !== 'https:') || base.search || base.hash) {
    throw new Error('createWalletClient: baseUrl must be an http(s) URL without query or fragment');
  }
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) {
    throw new Error('createWalletClient: timeoutMs must be a positive whole number');
  }
  const { agencyCode, appId, secret } = config;
  const fetchImpl = config.fetch ?? fetch;
  const now = config.now ?? Date.now;
  const nonce = config.nonce ?? newNonce;
  const log = config.log ?? (() => {});

  let lastFallbackWarning = -Infinity;
  /** At most once a minute (the key stays wrong until an operator fixes it), in the call's line. */
  function warnFallback(line: (outcome: string) => string): void {
    if (performance.now() - lastFallbackWarning < 60_000) return;
    lastFallbackWarning = performance.now();
    log(
      line(
        'the wallet service refused the back-office key (2001): sent again with the app secret, on its budget; give every instance the same WALLET_BACKOFFICE_SECRET',
      ),
    );
  }

  async function call(name: WalletOperationName, input: unknown, asFallback = false): Promise<unknown> {
    const op: WalletOperation = walletOperations[name];
    const schema = inputSchemas[name];
    const mutating = op.mutating;
    const line = (outcome: string) => `[wallet-client] ${op.method} ${op.path} -> ${outcome}`;

    const raw = presentEntries(input);
    const parsed = raw === undefined ? undefined : schema.safeParse(raw);
    if (raw === undefined || parsed === undefined || !parsed.success) {
      const error = inputError(name, raw, parsed?.error);
      log(line(`not sent (invalid ${error.field ?? 'input'})`));
      throw error;
    }
    // A call sent again with the fallback secret was admitted the first time.
    if (config.admit && !asFallback) {
      try {
        await config.admit(name);
      } catch (error) {
        log(line('not sent (not admitted)'));
        throw error;
      }
    }

    // A cardholder's operation carries the walletToken as its bearer and no signature.
    const { walletToken, ...own } = parsed.data as Record<string, QueryValue> & { walletToken?: string };
    // Signed over the spec's path, whatever prefix baseUrl has (docs/wallet-api.md "Signature", step 5).
    const query =
      walletToken !== undefined
        ? new URLSearchParams(Object.entries(own).map(([k, v]) => [k, String(v)])).toString()
        : signedQuery({
            secret: asFallback && config.fallbackSecret ? config.fallbackSecret : secret,
            method: op.method,
            path: op.path,
            agencyCode,
            appId,
            timestamp: now(),
            nonce: nonce(),
            params: own,
            // A clearable parameter given empty (card/controls/set: "remove") is sent as `name=`.
            emptied: emptiedParams(input as Record<string, unknown>, op.clearable),
          });
    const url = `${baseUrl}${op.path}?${query}`;

    const started = performance.now();
    const took = () => `in ${Math.round(performance.now() - started)} ms`;
    const unavailable = (reason: UnavailableReason, what: string, httpStatus?: number) => {
      log(line(`unavailable (${what}) ${took()}`));
      return new WalletUnavailableError({
        operation: name,
        code: null,
        reason,
        ...(httpStatus !== undefined ? { httpStatus } : {}),
        staffMessage: unavailableStaffMessage(mutating),
        detail: `wallet ${name}: no usable answer (${what})`,
      });
    };
    const protocol = (what: string, code: number | null, httpStatus: number) => {
      log(line(`protocol error (${what}, HTTP ${httpStatus}) ${took()}`));
      return new WalletProtocolError({
        operation: name,
        code,
        staffMessage: protocolStaffMessage(mutating),
        detail: `wallet ${name}: ${what}`,
      });
    };

    let status: number;
    let body: string;
    try {
      // No retry on any failure: a mutation must not run twice; callers repeat with a requestId.
      const response = await fetchImpl(url, {
        method: op.method,
        headers: {
          accept: 'application/json',
          ...(walletToken !== undefined ? { authorization: `Bearer ${walletToken}` } : {}),
        },
        signal: AbortSignal.timeout(timeoutMs),
        cache: 'no-store',
        // A redirect would carry the signed query, personal data included, somewhere else.
        redirect: 'error',
      });
      status = response.status;
      body = await response.text();
    } catch (error) {
      const { reason, what } = describeFailure(error);
      // The raw error is dropped on purpose: undici's messages can quote the URL.
      throw unavailable(reason, what);
    }

    // Handled outcomes are 200, the unexpected one 500, the database away 503 (docs/wallet-api.md
    // "Result codes"), the rate limit 429 (docs/wallet-api.md "Rate limit"); anything else is not
    // the service.
    if (status !== 200 && status !== 500 && status !== 503 && status !== 429 && status !== 401) {
      throw unavailable('http-status', `HTTP ${status}`, status);
    }
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw unavailable('body', `non-JSON body, HTTP ${status}`, status);
    }
    if (typeof json !== 'object' || json === null || !('code' in json)) {
      throw unavailable('body', `not an envelope, HTTP ${status}`, status);
    }
    const envelope = envelopeSchema.safeParse(json);
    if (!envelope.success) throw protocol('envelope of the wrong shape', null, status);
    const { code } = envelope.data;

    if (code !== 0) {
      log(line(`${code} ${took()}`));
      if (code === ResultCode.SIGNATURE_MISMATCH && config.fallbackSecret && !asFallback) {
        warnFallback(line);
        return call(name, input, true);
      }
      throw walletErrorFromEnvelope(name, envelope.data);
    }
    if (status !== 200) throw protocol('success with an error status', code, status);
    const data = op.data.safeParse(envelope.data.data);
    if (!data.success) {
      const issue = data.error.issues[0];
      const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'data';
      throw protocol(`data off the ${name} contract at ${where} (${issue?.code ?? 'invalid'})`, code, status);
    }
    log(line(`0 ${took()}`));
    return data.data;
  }

  const client: Record<string, (input: unknown) => Promise<unknown>> = {};
  for (const name of Object.keys(walletOperations) as WalletOperationName[]) {
    client[name] = (input) => call(name, input);
  }
  return Object.freeze(client) as unknown as WalletClient;
}
