// decision/set (docs/card-spending.md "The agency's decision"): the app's one decision endpoint.
// The URL is checked where it points as webhook URLs are (webhook-target.ts; 1002 on `url`); a new
// secret is generated on every set, stored sealed with the master key and shown in this answer
// only. An empty (or absent) url removes the endpoint: authorizations are then decided by the
// rules alone.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { OperationParams } from '@/lib/wallet/contract/operations';
import { decisionSet } from '@/lib/wallet/contract/operations/decision-set';
import { ResultCode, WalletError } from '@/lib/wallet/contract/result-codes';
import type { DecisionEndpoint } from '@/lib/wallet/contract/schemas';
import { bindHandler } from '../bind-handler';
import type { AuthenticatedApp, Executor } from '../context';
import { decisionEndpoints } from '../db/schema';
import type { SecretBox } from '../secrets/secret-box';
import { webhookUrlProblem, type ResolveAll } from '../webhook/webhook-target';

/** dsec_ and 32 random bytes, base64url. */
export function newDecisionSecret(): string {
  return `dsec_${randomBytes(32).toString('base64url')}`;
}

export async function setDecision(options: {
  db: Executor;
  app: AuthenticatedApp;
  params: OperationParams<'decisionSet'>;
  secretBox: SecretBox;
  allowPrivate: boolean;
  resolveAll?: ResolveAll;
}): Promise<DecisionEndpoint> {
  const { db, app, params } = options;
  const { fallback, timeoutMs } = params;
  if (params.url === undefined) {
    await db.delete(decisionEndpoints).where(sql`${decisionEndpoints.appId} = ${app.id}`);
    return { url: null, fallback, timeoutMs, secret: null };
  }
  const problem = await webhookUrlProblem(params.url, options);
  if (problem) {
    throw new WalletError(ResultCode.PARAM_INVALID, `url ${problem}.`, { field: 'url', rule: problem });
  }
  const secret = newDecisionSecret();
  const values = {
    appId: app.id,
    url: params.url,
    fallback,
    timeoutMs,
    secret: options.secretBox.seal(secret),
    updatedAt: new Date(),
  };
  await db
    .insert(decisionEndpoints)
    .values(values)
    .onConflictDoUpdate({ target: decisionEndpoints.appId, set: { ...values, appId: undefined } });
  return { url: params.url, fallback, timeoutMs, secret };
}

/** decisionSet's handler (lib/wallet/contract/operations/decision-set.ts). */
export const decisionSetHandler = bindHandler(decisionSet, (context, config) =>
  setDecision({ ...context, secretBox: config.secretBox, allowPrivate: config.allowPrivateWebhooks }),
);
