// The one wrapper for wallet route handlers (like Dub's withWorkspace): parse the query,
// validate it with the operation's schema, authenticate the caller, run the domain function
// (exactly once when it mutates and carries a requestId), and map every outcome to the
// envelope. Anything unexpected becomes HTTP 500 / code 5000 with no internal detail.
import 'server-only';
import type { z } from 'zod';
import { getDatabase } from '@/lib/db/client';
import {
  walletOperations,
  type OperationData,
  type OperationParams,
  type WalletOperationName,
} from '@/lib/wallet/contract/operations';
import { firstParamIssue } from '@/lib/wallet/contract/param-issues';
import { nonEmptyParams, parseQuery } from '@/lib/wallet/contract/query';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { AuthenticatedApp, Executor } from './context';
import { pgErrorCode } from './context';
import { requestFingerprint, runOnce } from './request/idempotency';
import { verifySignedRequest } from './request/verify-signed-request';

export type WalletHandler<N extends WalletOperationName> = (options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<N>;
}) => Promise<OperationData<N>>;

const HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
};

function envelope(status: number, body: string): Response {
  return new Response(body, { status, headers: HEADERS });
}

function errorEnvelope(code: number, msg: string): Response {
  return envelope(code === ResultCode.INTERNAL ? 500 : 200, JSON.stringify({ code, msg }));
}

/** Schema failure -> 1001 (absent) or 1002 (present but breaking its rule), naming the parameter. */
export function validateParams<S extends z.ZodObject>(schema: S, raw: Record<string, string>): z.output<S> {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  const issue = firstParamIssue(result.error, raw);
  throw new WalletError(
    issue.kind === 'missing' ? ResultCode.PARAM_MISSING : ResultCode.PARAM_INVALID,
    issue.message,
  );
}

/** Logs a failure without its message text: driver messages can quote parameter values. */
function logUnexpected(operation: string, error: unknown): void {
  const err = error as { name?: string; stack?: string; cause?: { constraint?: string } };
  const frames = (err.stack ?? '').split('\n').slice(1, 6).join('\n');
  console.error(
    `[wallet] ${operation} failed unexpectedly: ${err.name ?? typeof error} pg=${pgErrorCode(error) ?? '-'} constraint=${err.cause?.constraint ?? '-'}\n${frames}`,
  );
}

export function walletRoute<N extends WalletOperationName>(name: N, handler: WalletHandler<N>) {
  const operation = walletOperations[name];
  return async function handle(request: Request): Promise<Response> {
    try {
      const pairs = parseQuery(new URL(request.url).search);
      const params = validateParams(operation.params, nonEmptyParams(pairs)) as OperationParams<N> & {
        agencyCode: string;
        appId: string;
        timestamp: number;
        nonce: string;
        sign: string;
        requestId?: string;
      };
      const { db } = await getDatabase();
      const app = await verifySignedRequest({
        db,
        method: operation.method,
        path: operation.path,
        pairs,
        agencyCode: params.agencyCode,
        appId: params.appId,
        timestamp: params.timestamp,
        nonce: params.nonce,
        sign: params.sign,
      });
      const data = operation.mutating
        ? await runOnce({
            db,
            appKey: app.id,
            operation: name,
            requestId: params.requestId,
            fingerprint: requestFingerprint(name, params),
            work: (tx) => handler({ db: tx, app, params }),
          })
        : JSON.stringify(await handler({ db, app, params }));
      return envelope(200, `{"code":0,"msg":"success","data":${data}}`);
    } catch (error) {
      if (error instanceof WalletError) return errorEnvelope(error.code, error.message);
      logUnexpected(name, error);
      return errorEnvelope(ResultCode.INTERNAL, 'An unexpected error occurred. Please try again later.');
    }
  };
}
